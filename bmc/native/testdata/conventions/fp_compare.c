// why: <math.h>'s quiet comparisons (gcc's __builtin_isgreater and kin):
// the comparison where neither operand is a NaN, 0 where one is;
// isunordered says whether one is.
// run: 0
// run: 1
// run: -3
// run: 7
#include <assert.h>
#include <math.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  double x = n, nan = NAN;
  if (n == 7)
    x = nan;
  assert(isunordered(x, 0.0) == (n == 7)); // truth: holds; native: VERIFIED
  assert(isgreaterequal(x, 0.0) == (n >= 0 && n != 7)); // truth: holds; native: VERIFIED
  assert(islessgreater(x, 1.0) == (n != 1 && n != 7)); // truth: holds; native: VERIFIED
  assert(!isless(x, nan) && !isgreater(nan, x)); // truth: holds; native: VERIFIED
  assert(islessequal(x, 0.5f) == (n <= 0)); // truth: holds; native: VERIFIED
  assert(isgreater(x, -1.0)); // truth: fails; native: FALSIFIED
  return 0;
}
