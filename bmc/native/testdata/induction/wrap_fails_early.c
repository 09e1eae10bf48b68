// The sum wraps within two iterations: the base case, which models the
// wraparound gcc's code has, finds the failure; assuming no overflow in the
// step case must not prove it.
// run: 2000000000 1 0
// run: 5 0
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x <= 0) return 0;
  while (__VERIFIER_nondet_int()) {
    x = x + 1000000000;
  }
  assert(x > 0);  // truth: fails; induction: bounded
  return 0;
}
