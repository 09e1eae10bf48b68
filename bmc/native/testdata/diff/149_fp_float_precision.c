// expect: FALSIFIED
#include <assert.h>
#include <math.h>
extern double __VERIFIER_nondet_double(void);
extern float __VERIFIER_nondet_float(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
int main(void) {
  int i = __VERIFIER_nondet_int();
  __VERIFIER_assume(i > 0);
  float f = (float)i;
  assert((int)f == i);
  return 0;
}
