// why: the program's own __VERIFIER_nondet_int always returns 7.
#include <assert.h>
int __VERIFIER_nondet_int(void) { return 7; }
int main(void) {
  int x = __VERIFIER_nondet_int();
  assert(x == 7); // truth: holds; native: VERIFIED
  return 0;
}
