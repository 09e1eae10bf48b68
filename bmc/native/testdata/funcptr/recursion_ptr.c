// why: recursion through a function pointer (factorial that calls
// itself through a global pointer).
// run: 0
// run: 3
// run: 4
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
int fact(int n);
int (*self)(int) = fact;
int fact(int n) { return n <= 1 ? 1 : n * self(n - 1); }
int main(void) {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n >= 0 && n <= 4);
  int r = fact(n);
  assert(r >= 1); // truth: holds; native: VERIFIED
  assert(r != 24); // truth: fails; native: FALSIFIED
  return 0;
}
