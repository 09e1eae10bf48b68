// why: calloc's block is zeroed.
#include <assert.h>
#include <stdlib.h>
int main(void) {
  long *p = calloc(4, sizeof(long));
  if (p == 0)
    return 0;
  assert(p[3] == 0); // truth: holds; native: VERIFIED; native-mmf: VERIFIED
  return 0;
}
