// why: code under #if 0 and #ifndef of a defined macro is not compiled, so
// it is not checked: the assertion it would have made false holds.
// run: 0
// run: 1
// run: 50
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
#define FEATURE 1
int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = 0;
#if 0
  y = x;
#endif
#ifndef FEATURE
  y = 1;
#elif FEATURE > 0
  y = 2;
#endif
  assert(y == 2); // truth: holds; native: VERIFIED
  assert(y + x != 52); // truth: fails; native: FALSIFIED
  return 0;
}
