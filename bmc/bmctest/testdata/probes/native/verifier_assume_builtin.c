// why: SV-COMP's __VERIFIER_assume (not defined here) cuts the runs where its
// condition is false.
// run: 0
// run: 7
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
int main(void) {
  int x = __VERIFIER_nondet_int();
  __VERIFIER_assume(x > 0);
  assert(x > 0); // truth: holds; native: VERIFIED
  return 0;
}
