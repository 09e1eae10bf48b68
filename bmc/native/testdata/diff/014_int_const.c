// expect: FALSIFIED
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern char __VERIFIER_nondet_char(void);
extern long __VERIFIER_nondet_long(void);
extern void __VERIFIER_assume(int);
int main(void) {
  const int limit = 10;
  int x = __VERIFIER_nondet_int();
  __VERIFIER_assume(x >= 0 && x <= limit);
  assert(x < limit);
  return 0;
}
