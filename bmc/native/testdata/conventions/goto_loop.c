// why: a loop written with a backward goto (SV-COMP's older tasks) is a
// loop: each goto to the label starts the next iteration, and the code
// after the label runs again.
// run: 0
// run: 2
// run: 3
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 3)
    return 0;
  int i = 0, s = 0;
again:
  s += 1;
  if (i < n) {
    i++;
    if (i % 2 == 0)
      goto again;
    s += 10;
    goto again;
  }
  assert(s == n + 1 + 10 * ((n + 1) / 2)); // truth: holds; native: VERIFIED
  assert(s != 13); // truth: fails; native: FALSIFIED
  return 0;
}
