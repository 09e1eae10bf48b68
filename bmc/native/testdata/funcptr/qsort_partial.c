// why: qsort of a prefix of nondet length: the rest stays as it was.
// run: 0
// run: 1
// run: 2
// run: 3
#include <assert.h>
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
int cmp(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  return x < y ? -1 : x > y;
}
int main(void) {
  int a[4] = {7, 2, 5, 1};
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n >= 0 && n <= 3);
  qsort(a, n, sizeof a[0], cmp);
  assert(a[3] == 1); // truth: holds; native: VERIFIED
  assert(n < 2 || a[0] <= a[1]); // truth: holds; native: VERIFIED
  assert(a[0] == 7); // truth: fails; native: FALSIFIED
  return 0;
}
