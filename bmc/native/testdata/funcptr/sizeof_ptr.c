// why: sizeof of a function pointer and of an array of them.
#include <assert.h>
int f(void) { return 0; }
int main(void) {
  int (*p)(void) = f;
  int (*arr[5])(void);
  assert(sizeof p == 8); // truth: holds; native: VERIFIED
  assert(sizeof arr == 40); // truth: holds; native: VERIFIED
  assert(sizeof arr == 5); // truth: fails; native: FALSIFIED
  return 0;
}
