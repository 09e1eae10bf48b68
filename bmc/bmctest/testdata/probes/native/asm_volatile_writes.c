// why: inline assembly can write any register or memory; here it sets x.
#include <assert.h>
int main(void) {
  int x = 0;
  asm volatile("movl $5, %0" : "=r"(x));
  assert(x == 0); // truth: fails; native: UNKNOWN
  return 0;
}
