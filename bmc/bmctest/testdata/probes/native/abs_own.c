// why: the program's own abs returns its argument, yet gcc evaluates abs(-3) as
// its built-in (3): no one meaning of the call is the program's.
#include <assert.h>
int abs(int x) { return x; }
int main(void) {
  assert(abs(-3) == 3); // truth: holds; native: UNKNOWN
  return 0;
}
