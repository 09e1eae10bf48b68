// g stays equal to f while the loop divides it by one: the candidate
// g == f over floats (not NaN: the assumption) is what the step case needs.
// run: 2.5 1 1 1 0
// run: -0.0 1 0
#include <assert.h>
extern float __VERIFIER_nondet_float(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  float f = __VERIFIER_nondet_float();
  if (f != f) return 0;
  float g = f;
  while (__VERIFIER_nondet_int()) {
    g /= 1.0f;
  }
  assert(f == g);  // truth: holds; induction: proved
  return 0;
}
