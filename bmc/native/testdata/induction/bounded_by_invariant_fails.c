// y <= x is an invariant, but y reaches 10 = x after 10 iterations.
// run: 1 1 1 1 1 1 1 1 1 1 0
extern int __VERIFIER_nondet_int(void);
#include <assert.h>
int main(void) {
  int x = 10, y = 0;
  while (__VERIFIER_nondet_int()) {
    if (y < x) y++;
  }
  assert(y != 10);  // truth: fails; induction: bounded
  return 0;
}
