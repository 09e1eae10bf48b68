// why: abs(INT_MIN) overflows; gcc -O0 computes INT_MIN, which is negative.
// run: -2147483648
// run: 5
#include <assert.h>
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  int a = abs(x);
  assert(a >= 0); // truth: fails; native: FALSIFIED
  return 0;
}
