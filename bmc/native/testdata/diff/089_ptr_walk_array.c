// expect: VERIFIED
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern char __VERIFIER_nondet_char(void);
extern long __VERIFIER_nondet_long(void);
extern void __VERIFIER_assume(int);
int main(void) {
  int a[4] = {2, 4, 6, 8};
  int s = 0;
  for (int *p = a; p < a + 4; p++) s += *p;
  assert(s == 20);
  return 0;
}
