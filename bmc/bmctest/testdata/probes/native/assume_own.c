// why: a function named assume that the program defines is an ordinary function.
// run: -1
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int seen = 0;
void assume(int c) { seen = c; }
int main(void) {
  int x = __VERIFIER_nondet_int();
  assume(x >= 0);
  assert(x >= 0); // truth: fails; native: FALSIFIED
  return 0;
}
