// why: the program's own rand returns -1, outside [0, RAND_MAX].
#include <assert.h>
int rand(void) { return -1; }
int main(void) {
  int r = rand();
  assert(r >= 0); // truth: fails; native: FALSIFIED
  return 0;
}
