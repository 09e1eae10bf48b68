// expect: VERIFIED
#include <assert.h>
#include <math.h>
extern double __VERIFIER_nondet_double(void);
extern float __VERIFIER_nondet_float(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
int main(void) {
  float f = 0.1f;
  double d = f;
  assert(d != 0.1);
  assert((float)d == f);
  return 0;
}
