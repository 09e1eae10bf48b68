// why: the program's own __VERIFIER_error sets a flag and returns.
#include <assert.h>
int flag = 0;
void __VERIFIER_error(void) { flag = 1; }
int main(void) {
  __VERIFIER_error(); // truth: fails; native: FALSIFIED
  assert(flag == 0); // truth: fails; native: FALSIFIED
  return 0;
}
