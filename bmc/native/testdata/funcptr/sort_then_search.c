// why: qsort then bsearch on the same array with the same comparator.
// run: 3 8 1 8
// run: 3 8 1 2
#include <assert.h>
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
int cmp(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  return (x > y) - (x < y);
}
int main(void) {
  int a[3];
  for (int i = 0; i < 3; i++)
    a[i] = __VERIFIER_nondet_int();
  int key = __VERIFIER_nondet_int();
  int had = key == a[0] || key == a[1] || key == a[2];
  qsort(a, 3, sizeof a[0], cmp);
  int *p = bsearch(&key, a, 3, sizeof a[0], cmp);
  assert((p != NULL) == had); // truth: holds; native: VERIFIED
  assert(p == NULL); // truth: fails; native: FALSIFIED
  return 0;
}
