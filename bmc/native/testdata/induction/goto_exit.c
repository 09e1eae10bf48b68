// The first loop leaves by a goto: the second loop's step case skips the
// first, and must reach the state its goto leaves.
// run: 1 1 1 1 1 1 0 0
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int i = 0, j = 0;
  while (1) {
    i++;
    if (!__VERIFIER_nondet_int()) goto out;
  }
out:
  while (__VERIFIER_nondet_int()) j++;
  assert(i != 7);  // truth: fails; induction: bounded
  return 0;
}
