// why: qsort of a constant-size int array with the usual comparator;
// the result is sorted and a permutation.
// run: 3 1 2
// run: 1 1 0
// run: -5 7 7
// run: 2 2 5
#include <assert.h>
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
int cmp_int(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  return (x > y) - (x < y);
}
int main(void) {
  int a[3];
  for (int i = 0; i < 3; i++)
    a[i] = __VERIFIER_nondet_int();
  int s = a[0] + a[1] + a[2];
  qsort(a, 3, sizeof a[0], cmp_int);
  assert(a[0] <= a[1] && a[1] <= a[2]); // truth: holds; native: VERIFIED
  assert(a[0] + a[1] + a[2] == s); // truth: holds; native: VERIFIED
  assert(a[0] < a[1]); // truth: fails; native: FALSIFIED
  return 0;
}
