// The target is in the first of two unbounded loops, failing late: the
// second loop's step case skips the first, the first's must find it.
// run: 1 1 1 1 1 1 1 1 1 0 0
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int i = 0, j = 0;
  while (__VERIFIER_nondet_int()) {
    i++;
    assert(i < 8);  // truth: fails; induction: bounded
  }
  while (__VERIFIER_nondet_int()) j++;
  return 0;
}
