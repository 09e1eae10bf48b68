// why: C leaves the order of a call's arguments open; gcc evaluates them right
// to left, so sub gets (2, 1), not (1, 2).
#include <assert.h>
int c = 0;
int g(void) { return ++c; }
int sub(int a, int b) { return a - b; }
int main(void) {
  assert(sub(g(), g()) == -1); // truth: fails; native: UNKNOWN
  return 0;
}
