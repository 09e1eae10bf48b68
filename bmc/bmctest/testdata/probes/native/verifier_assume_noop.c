// why: the program's own __VERIFIER_assume does nothing: x may be 0.
// run: 0
// run: 3
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assume(int c) { }
int main(void) {
  int x = __VERIFIER_nondet_int();
  __VERIFIER_assume(x > 0);
  assert(x > 0); // truth: fails; native: FALSIFIED
  return 0;
}
