// why: one block read as int and written as char: clearing the low byte of 5
// (little-endian) makes it 0.
#include <assert.h>
#include <stdlib.h>
int main(void) {
  void *m = malloc(8);
  if (m == 0)
    return 0;
  int *p = m;
  char *c = m;
  p[0] = 5;
  c[0] = 0;
  assert(p[0] == 5); // truth: fails; native: FALSIFIED; native-mmf: FALSIFIED
  return 0;
}
