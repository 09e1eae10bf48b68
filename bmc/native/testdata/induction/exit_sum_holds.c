// The sum of 1..n: 2*sum == n*(n + 1) is what the invariant 2*sum ==
// (i - 1)*i (no template of two variables) says at the exit i == n + 1,
// so the assertion with n at its exit value is a candidate, beside the
// bound i <= n + 1 the exit reaches.
// run: 1
// run: 7
// run: 1000
// run: 0
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 1000) return 0;
  int sum = 0;
  for (int i = 1; i <= n; i++) {
    sum = sum + i;
  }
  assert(2 * sum == n * (n + 1)); // truth: holds; induction: proved
  return 0;
}
