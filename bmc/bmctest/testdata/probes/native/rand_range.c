// why: glibc's rand returns values in [0, RAND_MAX].
#include <assert.h>
#include <stdlib.h>
int main(void) {
  srand(42);
  int r = rand();
  assert(r >= 0); // truth: holds; native: VERIFIED
  return 0;
}
