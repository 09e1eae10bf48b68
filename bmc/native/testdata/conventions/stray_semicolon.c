// why: a semicolon after a function's body at the top level is no C
// declaration, but gcc accepts it, and regression suites write it.
// run: 4
// run: -1
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int inc(int x) { return x + 1; };
void check(int x) { assert(x != 5); }; // truth: fails; native: FALSIFIED
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n > 100 || n < -100) return 0;
  assert(inc(n) > n); // truth: holds; native: VERIFIED
  check(inc(n));
  return 0;
};
