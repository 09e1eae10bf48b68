// why: away from INT_MIN, abs is never negative.
// run: -2147483647
// run: 0
// run: 12
#include <assert.h>
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x == -2147483647 - 1)
    return 0;
  assert(abs(x) >= 0); // truth: holds; native: VERIFIED
  return 0;
}
