// why: nothing runs after exit.
// run: 1
// run: 0
#include <assert.h>
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x)
    exit(0);
  assert(x == 0); // truth: holds; native: VERIFIED
  return 0;
}
