// The first loop leaves only by a goto; the second fails in its 10th
// iteration, which only its own step case reaches: that step case skips
// the first loop, and must reach the state its goto leaves (a skip that
// knew only the loop's condition would find none, and prove it).
// run: 0 1 1 1 1 1 1 1 1 1 1 0
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int i = 0, j = 0;
  while (1) {
    i++;
    if (!__VERIFIER_nondet_int()) goto out;
  }
out:
  while (__VERIFIER_nondet_int()) {
    j++;
    assert(j != 10);  // truth: fails; induction: bounded
  }
  return 0;
}
