// why: gcc evaluates the arguments right to left, so the first value read goes
// to b: the run 2 5 gives d = 5 - 2.
// run: 2 5
// run: 5 2
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int diff(int a, int b) { return a - b; }
int main(void) {
  int d = diff(__VERIFIER_nondet_int(), __VERIFIER_nondet_int());
  assert(d != 3); // truth: fails; native: FALSIFIED
  return 0;
}
