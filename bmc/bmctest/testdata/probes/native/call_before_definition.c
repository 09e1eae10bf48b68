// why: a function defined after its caller, declared by a prototype first.
#include <assert.h>
int twice(int);
int main(void) {
  assert(twice(4) == 8); // truth: holds; native: VERIFIED
  return 0;
}
int twice(int x) { return 2 * x; }
