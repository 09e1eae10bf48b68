// why: a comparator that counts its calls: the model cannot follow
// glibc's order of comparisons, so it refuses (UNKNOWN).
#include <assert.h>
#include <stdlib.h>
int calls;
int cmp(const void *a, const void *b) {
  calls++;
  return *(const int *)a - *(const int *)b;
}
int main(void) {
  int a[3] = {3, 1, 2};
  qsort(a, 3, sizeof a[0], cmp);
  assert(a[0] == 1); // truth: holds; native: UNKNOWN
  return 0;
}
