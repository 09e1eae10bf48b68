// why: a checked allocation holds what was stored in it.
#include <assert.h>
#include <stdlib.h>
int main(void) {
  int *p = malloc(2 * sizeof(int));
  if (p == 0)
    return 0;
  p[0] = 3;
  p[1] = 4;
  assert(p[0] + p[1] == 7); // truth: holds; native: VERIFIED; native-mmf: VERIFIED
  free(p);
  return 0;
}
