// expect: VERIFIED
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern char __VERIFIER_nondet_char(void);
extern long __VERIFIER_nondet_long(void);
extern void __VERIFIER_assume(int);
int g = 3;
void set(int *p, int v) { *p = v; }
int main(void) {
  set(&g, 8);
  assert(g == 8);
  return 0;
}
