// why: NAN, INFINITY and HUGE_VAL are gcc built-ins under <math.h>; a
// NaN compares unequal to itself, infinity above every finite value.
// run: 1e308
// run: -1e308
// run: nan
// run: inf
// run: -inf
#include <assert.h>
#include <math.h>
extern double __VERIFIER_nondet_double(void);
int main(void) {
  double x = __VERIFIER_nondet_double();
  double n = NAN;
  assert(n != n); // truth: holds; native: VERIFIED
  assert(isnan(x) || x < INFINITY); // truth: fails; native: FALSIFIED
  assert(HUGE_VAL == INFINITY && -HUGE_VAL < x || isnan(x)); // truth: fails; native: FALSIFIED
  assert(isinf(x) || isnan(x) || fabs(x) < HUGE_VAL); // truth: holds; native: VERIFIED
  assert(x != x || x > -1e300); // truth: fails; native: FALSIFIED
  return 0;
}
