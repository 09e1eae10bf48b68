// expect: VERIFIED
#include <assert.h>
#include <math.h>
extern double __VERIFIER_nondet_double(void);
extern float __VERIFIER_nondet_float(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
int main(void) {
  double d = 3.99;
  int i = (int)d;
  assert(i == 3);
  double n = -2.5;
  assert((int)n == -2);
  assert((double)7 / 2 == 3.5);
  return 0;
}
