// A loop of 100 iterations whose counter is known at every head: its
// condition folds, and it is unrolled whole past the bound; the array's
// contents need no invariant.
// run: 7
// run: 0
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int a[100];
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 1000) return 0;
  for (int i = 0; i < 100; i++) a[i] = i + n;
  assert(a[50] == 50 + n);  // truth: holds; induction: unrolled
  int s = 0;
  for (int i = 0; i < 100; i++) s += a[i] - n;
  assert(s != 4950);  // truth: fails; induction: bounded
  return 0;
}
