// expect: FALSIFIED
#include <assert.h>
#include <math.h>
extern double __VERIFIER_nondet_double(void);
extern float __VERIFIER_nondet_float(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
int main(void) {
  double a = __VERIFIER_nondet_double(), b = __VERIFIER_nondet_double();
  __VERIFIER_assume(a >= 0.0 && a <= 100.0 && b >= 0.0 && b <= 100.0);
  double m = (a + b) / 2.0;
  assert(m > a || m > b);
  return 0;
}
