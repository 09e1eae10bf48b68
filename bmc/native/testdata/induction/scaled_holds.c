// j moves three for each step of i: j - j0 == 3*(i - i0) is an invariant
// the pair templates cannot state. The bound is input, so that the loop
// is not unrolled whole past the bound.
// run: 50
// run: 0
// run: 7
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 50) return 0;
  int i = 0, j = 0;
  while (i < n) {
    j += 3;
    i++;
  }
  assert(j == 3 * n);  // truth: holds; induction: proved
  return 0;
}
