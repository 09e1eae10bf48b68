// why: qsort in descending order, chosen through a function pointer
// variable.
// run: 4 9 1 6
#include <assert.h>
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
int desc(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  return (y > x) - (y < x);
}
int main(void) {
  int a[4];
  for (int i = 0; i < 4; i++)
    a[i] = __VERIFIER_nondet_int();
  int (*cmp)(const void *, const void *) = desc;
  qsort(a, 4, sizeof(int), cmp);
  assert(a[0] >= a[3]); // truth: holds; native: VERIFIED
  assert(a[1] >= a[2]); // truth: holds; native: VERIFIED
  assert(a[0] == a[3]); // truth: fails; native: FALSIFIED
  return 0;
}
