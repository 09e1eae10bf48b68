// why: a call through a pointer cast to another signature (undefined
// behaviour that gcc runs): refused, UNKNOWN.
#include <assert.h>
int two(int x, int y) { return x + y; }
int main(void) {
  int (*one)(int) = (int (*)(int))two;
  assert(one(1) != 12345); // truth: holds; native: UNKNOWN
  return 0;
}
