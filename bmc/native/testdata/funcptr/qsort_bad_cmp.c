// why: a comparator that returns only 0 or 1 (a common bug): glibc's
// merge still sorts with it (it asks cmp <= 0), and the model claims no
// order, only a permutation.
// run: 3 1
// run: 1 3
// run: 2 2
#include <assert.h>
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
int gt(const void *a, const void *b) { return *(const int *)a > *(const int *)b; }
int main(void) {
  int a[2];
  a[0] = __VERIFIER_nondet_int();
  a[1] = __VERIFIER_nondet_int();
  int lo = a[0] < a[1] ? a[0] : a[1];
  qsort(a, 2, sizeof a[0], gt);
  assert(a[0] == lo || a[1] == lo); // truth: holds; native: VERIFIED
  assert(a[0] != lo); // truth: fails; native: FALSIFIED
  return 0;
}
