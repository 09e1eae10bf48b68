// why: even an empty asm is refused: the engine cannot tell what it does.
#include <assert.h>
int main(void) {
  int x = 0;
  __asm__ volatile("" ::: "memory");
  asm("nop");
  assert(x == 0); // truth: holds; native: UNKNOWN
  return 0;
}
