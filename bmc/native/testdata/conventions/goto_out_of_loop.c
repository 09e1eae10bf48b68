// why: a goto out of a loop back to a label before the loop runs the code
// from the label again: a loop around the loop, lowered with a flag that
// says where the next round enters.
// run: 0
// run: 2
// run: 3
// run: 5
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 5)
    return 0;
  int x = 0, rounds = 0;
again:
  rounds++;
  x++;
  while (x < n) {
    if (x == 2)
      goto again;
    x++;
  }
  assert(rounds == (n > 2 ? 2 : 1)); // truth: holds; native: VERIFIED
  assert(x != 3); // truth: fails; native: FALSIFIED
  return 0;
}
