// The counter folds but the body may leave early: the loop still runs to
// its end on the path that does not, and the early exits are exits.
// run: 1 1 1 0
// run: 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int i;
  for (i = 0; i < 64; i++) {
    if (!__VERIFIER_nondet_int()) break;
  }
  assert(i <= 64);  // truth: holds; induction: unrolled
  assert(i != 64);  // truth: fails; induction: bounded
  return 0;
}
