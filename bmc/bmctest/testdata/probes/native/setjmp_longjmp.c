// why: longjmp returns to setjmp a second time, after x was set.
#include <assert.h>
#include <setjmp.h>
static jmp_buf env;
int main(void) {
  volatile int x = 0;
  if (setjmp(env) == 0) {
    x = 1;
    longjmp(env, 1);
  }
  assert(x == 0); // truth: fails; native: UNKNOWN
  return 0;
}
