// why: function pointers over double, chosen by a nondet int.
// run: 0
// run: 1
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
double half(double x) { return x / 2.0; }
double thrice(double x) { return x * 3.0; }
int main(void) {
  double (*f)(double) = __VERIFIER_nondet_int() ? half : thrice;
  double r = f(4.0);
  assert(r == 2.0 || r == 12.0); // truth: holds; native: VERIFIED
  assert(r < 10.0); // truth: fails; native: FALSIFIED
  return 0;
}
