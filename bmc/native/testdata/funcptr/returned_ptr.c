// why: a function that returns a function pointer (typedef'd), chosen by
// its argument.
// run: 0
// run: 1
// run: 2
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
typedef long (*binop)(long, long);
long lmin(long a, long b) { return a < b ? a : b; }
long lmax(long a, long b) { return a > b ? a : b; }
long first(long a, long b) { return a; }
binop pick(int k) {
  if (k == 0) return lmin;
  if (k == 1) return lmax;
  return first;
}
int main(void) {
  int k = __VERIFIER_nondet_int();
  __VERIFIER_assume(k >= 0 && k <= 2);
  binop op = pick(k);
  long r = op(3, 8);
  assert(r == 3 || r == 8); // truth: holds; native: VERIFIED
  assert(k != 1 || r == 8); // truth: holds; native: VERIFIED
  assert(r == 3); // truth: fails; native: FALSIFIED
  return 0;
}
