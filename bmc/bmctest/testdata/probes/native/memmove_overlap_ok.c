// why: memmove's result with overlapping ranges.
#include <assert.h>
#include <string.h>
int main(void) {
  int a[4] = {1, 2, 3, 4};
  memmove(a + 1, a, 3 * sizeof(int));
  assert(a[3] == 3 && a[1] == 1); // truth: holds; native: VERIFIED
  return 0;
}
