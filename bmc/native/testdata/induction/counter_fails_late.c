// An assertion that fails only in the 10th iteration: BMC at k=3 verifies
// it, and the step case must not prove it.
// run: 1 1 1 1 1 1 1 1 1 1 1 0
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
void __VERIFIER_assert(int c) { if (!c) reach_error(); }
int main(void) {
  int i = 0;
  while (__VERIFIER_nondet_int()) {
    i++;
    __VERIFIER_assert(i != 10);  // truth: fails; induction: bounded
  }
  return 0;
}
