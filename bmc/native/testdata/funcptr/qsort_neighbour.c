// why: a comparator that reads past the element it is given (the
// element next to it in the array, not in glibc's buffer): refused.
#include <assert.h>
#include <stdlib.h>
int odd(const void *a, const void *b) {
  const int *x = a, *y = b;
  return x[0] - y[0];
}
int main(void) {
  int a[3] = {2, 1, 3};
  qsort(a, 3, sizeof a[0], odd);
  assert(a[0] == 1); // truth: holds; native: UNKNOWN
  return 0;
}
