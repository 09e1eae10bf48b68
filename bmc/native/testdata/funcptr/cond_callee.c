// why: the callee is a conditional expression of two functions, and a
// pointer dereferenced many times.
// run: 0
// run: 1
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int f(int x) { return x + 10; }
int g(int x) { return x + 20; }
int main(void) {
  int c = __VERIFIER_nondet_int();
  int r = (c ? f : g)(1);
  int (*p)(int) = g;
  assert(r == 11 || r == 21); // truth: holds; native: VERIFIED
  assert((****p)(0) == 20); // truth: holds; native: VERIFIED
  assert((&f)(0) + (*g)(0) == 30); // truth: holds; native: VERIFIED
  assert(r == 21); // truth: fails; native: FALSIFIED
  return 0;
}
