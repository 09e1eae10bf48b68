// why: a local function pointer set on one branch only and called only
// there; elsewhere it stays uninitialised and unused.
// run: 0
// run: 1
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int one(void) { return 1; }
int main(void) {
  int (*f)(void);
  int c = __VERIFIER_nondet_int();
  int r = 0;
  if (c) {
    f = one;
    r = f();
  }
  assert(r == 0 || r == 1); // truth: holds; native: VERIFIED
  assert(r == 0); // truth: fails; native: FALSIFIED
  return 0;
}
