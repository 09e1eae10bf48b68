// A sum one short of 1..n fails at every n, but k-induction's candidates
// from the exit must not make it a proof: each is checked.
// run: 30
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 25 || n > 1000) return 0;
  int sum = 0;
  for (int i = 1; i < n; i++) {
    sum = sum + i;
  }
  assert(2 * sum == n * (n + 1)); // truth: fails; induction: bounded
  return 0;
}
