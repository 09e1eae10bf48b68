// why: qsort of a constant array: its exact result.
#include <assert.h>
#include <stdlib.h>
int cmp(const void *a, const void *b) { return *(const int *)a - *(const int *)b; }
int main(void) {
  int a[5] = {5, 3, 9, 1, 3};
  qsort(a, 5, sizeof a[0], cmp);
  assert(a[0] == 1 && a[1] == 3 && a[2] == 3 && a[3] == 5 && a[4] == 9); // truth: holds; native: VERIFIED
  assert(a[4] == 5); // truth: fails; native: FALSIFIED
  return 0;
}
