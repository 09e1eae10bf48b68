// expect: VERIFIED
#include <assert.h>
#include <math.h>
extern double __VERIFIER_nondet_double(void);
extern float __VERIFIER_nondet_float(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
int main(void) {
  double s = 0.0;
  for (int i = 0; i < 4; i++) s += 0.25;
  assert(s == 1.0);
  return 0;
}
