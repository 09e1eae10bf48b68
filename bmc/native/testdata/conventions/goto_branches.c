// why: CPAchecker's reducers write a loop as nested branches, and the goto
// that repeats it jumps back from one branch of an if into the other, or
// from inside a nested if: each is the next iteration from the label on.
// run: 0 0
// run: 4 0
// run: 4 1
// run: 5 1
// run: 3 1
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  int i = __VERIFIER_nondet_int();
  if (n < 0 || n > 5 || i < 0 || i > 1)
    return 0;
  int i0 = i, a = 0, b = 0;
  if (i < n) {
    if (i % 2 == 0) {
      a++;
    mid:
      i++;
      if (i < n) {
        if (i % 2 == 0) {
          a++;
          goto mid;
        }
        b++;
        goto mid;
      }
    } else {
      b++;
      goto mid;
    }
  }
  assert(a + b == (i0 < n ? n - i0 : 0)); // truth: holds; native: VERIFIED
  assert(b < 2); // truth: fails; native: FALSIFIED
  return 0;
}
