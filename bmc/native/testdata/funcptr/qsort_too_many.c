// why: qsort told of more elements than its array holds (undefined
// behaviour): refused.
#include <assert.h>
#include <stdlib.h>
int cmp(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  return (x > y) - (x < y);
}
int a[6] = {3, 1, 2, 0, 0, 0};
int main(void) {
  int *p = a;
  qsort(p + 3, 3, sizeof(int), cmp);
  qsort(a, 3, sizeof(int), cmp);
  assert(a[0] == 1); // truth: holds; native: UNKNOWN
  qsort(a + 4, 3, sizeof(int), cmp);
  assert(a[2] == 3); // truth: holds; native: UNKNOWN
  return 0;
}
