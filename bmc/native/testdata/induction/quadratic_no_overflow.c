// x grows by y, y by one: x >= y is kept by an iteration only where x + y
// does not wrap, which a havocked head near INT_MAX would let it; C leaves
// signed overflow undefined, so the step case may assume there is none,
// and the proof says it did.
// run: 1 1 1 1 1 1 1 0
// run: 0
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = 1, y = 0;
  while (__VERIFIER_nondet_int()) {
    x = x + y;
    y = y + 1;
  }
  assert(x >= y);  // truth: holds; induction: proved-assuming-no-overflow
  return 0;
}
