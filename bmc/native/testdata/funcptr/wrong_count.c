// why: a call through a pointer with the wrong number of arguments for
// its own type does not compile; a pointer declared without a prototype
// called with arguments is refused: UNKNOWN.
#include <assert.h>
int f(int x) { return x + 1; }
int main(void) {
  int (*g)() = 0;
  assert(g == 0); // truth: holds; native: VERIFIED
  return 0;
}
