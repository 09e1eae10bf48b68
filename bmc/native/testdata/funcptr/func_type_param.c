// why: a parameter declared with a function type, which C adjusts to a
// pointer.
#include <assert.h>
int add1(int x) { return x + 1; }
int apply(int f(int), int x) { return f(x); }
int main(void) {
  assert(apply(add1, 4) == 5); // truth: holds; native: VERIFIED
  assert(apply(add1, 4) == 4); // truth: fails; native: FALSIFIED
  return 0;
}
