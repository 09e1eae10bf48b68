// why: memmove copies as if through a buffer: a becomes {1, 1, 2, 3}; a forward
// copy cell by cell would give {1, 1, 1, 1}.
#include <assert.h>
#include <string.h>
int main(void) {
  int a[4] = {1, 2, 3, 4};
  memmove(a + 1, a, 3 * sizeof(int));
  assert(a[3] == 1); // truth: fails; native: FALSIFIED
  return 0;
}
