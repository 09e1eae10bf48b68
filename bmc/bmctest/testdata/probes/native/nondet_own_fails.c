// why: the program's own __VERIFIER_nondet_int returns 7, which the assertion rules out.
#include <assert.h>
int __VERIFIER_nondet_int(void) { return 7; }
int main(void) {
  int x = __VERIFIER_nondet_int();
  assert(x != 7); // truth: fails; native: FALSIFIED
  return 0;
}
