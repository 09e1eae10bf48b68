// g leaves f only at the eleventh iteration, past the bound: g == f is no
// invariant, and the step case must not prove the assertion.
// run: 2.5 1 1 1 1 1 1 1 1 1 1 1 1 0
#include <assert.h>
extern float __VERIFIER_nondet_float(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  float f = __VERIFIER_nondet_float();
  if (f != f || f > 1000.0f || f < -1000.0f) return 0;
  float g = f;
  int i = 0;
  while (__VERIFIER_nondet_int()) {
    if (i == 10) g += 1.0f;
    i++;
  }
  assert(f == g);  // truth: fails; induction: bounded
  return 0;
}
