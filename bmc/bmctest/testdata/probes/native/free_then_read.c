// why: free writes the allocator's own data into the block (glibc's tcache link
// over the first word), so a read after free no longer sees 7.
#include <assert.h>
#include <stdlib.h>
int main(void) {
  long *p = malloc(2 * sizeof(long));
  if (p == 0)
    return 0;
  p[0] = 7;
  free(p);
  assert(p[0] == 7); // truth: fails; native: FALSIFIED; native-mmf: FALSIFIED
  return 0;
}
