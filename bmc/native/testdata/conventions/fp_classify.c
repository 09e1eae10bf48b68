// why: <math.h>'s classification macros expand to gcc's built-ins
// (__builtin_isnan, __builtin_isinf_sign, __builtin_fpclassify, ...),
// modelled by the SMT-LIB floating-point predicates, with gcc's values.
// run: 1.5 1.5
// run: inf -inf
// run: -inf 1e-40
// run: nan 0
// run: 1e-310 -0.0
// run: -0.0 nan
#include <assert.h>
#include <math.h>
extern double __VERIFIER_nondet_double(void);
extern float __VERIFIER_nondet_float(void);
int main(void) {
  double x = __VERIFIER_nondet_double();
  float f = __VERIFIER_nondet_float();
  if (!isnan(x) && !isinf(x))
    assert(isfinite(x)); // truth: holds; native: VERIFIED
  if (isnormal(x))
    assert(x != 0.0); // truth: holds; native: VERIFIED
  assert(isinf(x) == 0 || fabs(x) == INFINITY); // truth: holds; native: VERIFIED
  assert(fpclassify(x) != FP_ZERO || x == 0.0); // truth: holds; native: VERIFIED
  assert(fpclassify(f) != FP_SUBNORMAL); // truth: fails; native: FALSIFIED
  assert(isinf(x) != -1); // truth: fails; native: FALSIFIED
  assert(!signbit(f) || f <= 0.0f || isnan(f)); // truth: holds; native: VERIFIED
  return 0;
}
