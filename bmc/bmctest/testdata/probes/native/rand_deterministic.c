// why: without srand, glibc's first rand() is 1804289383, and r is 1 on every
// run; the model's rand is any value, so it finds no run that fails.
#include <assert.h>
#include <stdlib.h>
int main(void) {
  int r = rand() % 6;
  assert(r != 5); // truth: holds; native: UNKNOWN
  return 0;
}
