// why: a local function pointer assigned one of two functions by a
// nondet choice, called directly and through (*fp).
// run: 0
// run: 1
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int twice(int x) { return 2 * x; }
int square(int x) { return x * x; }
int main(void) {
  int c = __VERIFIER_nondet_int();
  int (*fp)(int) = c ? twice : &square;
  int r = fp(3);
  assert(r == 6 || r == 9); // truth: holds; native: VERIFIED
  assert((*fp)(2) == 4); // truth: holds; native: VERIFIED
  assert(r == 6); // truth: fails; native: FALSIFIED
  return 0;
}
