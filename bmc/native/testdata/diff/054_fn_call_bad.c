// expect: FALSIFIED
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern char __VERIFIER_nondet_char(void);
extern long __VERIFIER_nondet_long(void);
extern void __VERIFIER_assume(int);
int sq(int x) { return x * x; }
int main(void) {
  int a = __VERIFIER_nondet_int();
  assert(sq(a) >= 0);
  return 0;
}
