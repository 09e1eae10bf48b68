// why: arguments that touch no shared state may go in any order.
#include <assert.h>
int sq(int x) { return x * x; }
int sub(int a, int b) { return a - b; }
int main(void) {
  int base = 3;
  assert(sub(sq(base), sq(2)) == 5); // truth: holds; native: VERIFIED
  return 0;
}
