// why: an array of function pointers indexed by a nondet value.
// run: 0
// run: 1
// run: 2
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
int add(int a, int b) { return a + b; }
int sub(int a, int b) { return a - b; }
int mul(int a, int b) { return a * b; }
int main(void) {
  int (*ops[3])(int, int) = {add, sub, mul};
  int i = __VERIFIER_nondet_int();
  __VERIFIER_assume(i >= 0 && i < 3);
  int r = ops[i](6, 3);
  assert(r == 9 || r == 3 || r == 18); // truth: holds; native: VERIFIED
  assert(r != 3); // truth: fails; native: FALSIFIED
  return 0;
}
