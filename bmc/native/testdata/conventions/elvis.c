// why: gcc's a ?: b is a ? a : b with a evaluated once: its side effects
// happen once, and its value is the result where it is not zero.
// run: 0
// run: 3
// run: -4
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int g;
int next(void) { return g++; }
int main(void) {
  int n = __VERIFIER_nondet_int();
  g = n;
  int r = next() ?: 10;
  assert(g == n + 1); // truth: holds; native: VERIFIED
  assert(r == (n ? n : 10)); // truth: holds; native: VERIFIED
  int *p = 0;
  int x = 5;
  int *q = p ?: &x;
  assert(*q == 5); // truth: holds; native: VERIFIED
  assert(r != 3); // truth: fails; native: FALSIFIED
  return 0;
}
