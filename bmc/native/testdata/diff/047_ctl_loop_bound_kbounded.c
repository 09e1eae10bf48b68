// expect: VERIFIED
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern char __VERIFIER_nondet_char(void);
extern long __VERIFIER_nondet_long(void);
extern void __VERIFIER_assume(int);
int main(void) {
  /* the bound is input, so that the loop's condition does not fold and
     the loop is not unrolled whole past the bound: k-bounded semantics */
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n == 100);
  int i = 0;
  while (i < n) i++;
  assert(i == 7);
  return 0;
}
