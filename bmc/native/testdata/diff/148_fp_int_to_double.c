// expect: VERIFIED
#include <assert.h>
#include <math.h>
extern double __VERIFIER_nondet_double(void);
extern float __VERIFIER_nondet_float(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
int main(void) {
  int i = __VERIFIER_nondet_int();
  double d = i;
  assert((int)d == i);
  return 0;
}
