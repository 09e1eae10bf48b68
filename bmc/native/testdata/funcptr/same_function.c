// why: two pointers to the same function compare equal, to different
// functions unequal.
// run: 0
// run: 1
// run: 2
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
int a(void) { return 1; }
int b(void) { return 2; }
int c(void) { return 3; }
int main(void) {
  int (*fs[3])(void) = {a, b, c};
  int i = __VERIFIER_nondet_int(), j = __VERIFIER_nondet_int();
  __VERIFIER_assume(i >= 0 && i < 3 && j >= 0 && j < 3);
  assert((fs[i] == fs[j]) == (i == j)); // truth: holds; native: VERIFIED
  assert(fs[i]() - fs[j]() == i - j); // truth: holds; native: VERIFIED
  assert(fs[i] != fs[j]); // truth: fails; native: FALSIFIED
  return 0;
}
