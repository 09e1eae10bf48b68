// expect: FALSIFIED
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern char __VERIFIER_nondet_char(void);
extern long __VERIFIER_nondet_long(void);
extern void __VERIFIER_assume(int);
int main(void) {
  long x = __VERIFIER_nondet_long();
  __VERIFIER_assume(x > 4000000000L);
  assert(x < 9000000000L);
  return 0;
}
