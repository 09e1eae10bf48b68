// why: qsort of one element never calls its comparator (glibc returns
// at once), so a NULL comparator is harmless there.
#include <assert.h>
#include <stdlib.h>
int main(void) {
  int a[1] = {4};
  int (*cmp)(const void *, const void *) = NULL;
  qsort(a, 1, sizeof a[0], cmp);
  assert(a[0] == 4); // truth: holds; native: VERIFIED
  assert(a[0] == 5); // truth: fails; native: FALSIFIED
  return 0;
}
