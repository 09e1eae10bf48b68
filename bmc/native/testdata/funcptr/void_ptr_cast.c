// why: a function pointer converted to void* and back: the engine
// refuses the conversion (a call through it could reach a function of
// another signature), so it answers UNKNOWN.
#include <assert.h>
int f(int x) { return x; }
int main(void) {
  void *v = (void *)f;
  int (*g)(int) = (int (*)(int))v;
  assert(g(3) == 3); // truth: holds; native: UNKNOWN
  return 0;
}
