// expect: FALSIFIED
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern char __VERIFIER_nondet_char(void);
extern long __VERIFIER_nondet_long(void);
extern void __VERIFIER_assume(int);
int main(void) {
  int m = __VERIFIER_nondet_int();
  unsigned u = 10u;
  __VERIFIER_assume(m < 5);
  assert(m < u);
  return 0;
}
