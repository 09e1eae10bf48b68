// The first loop runs long, and the second loop fails in its 2nd
// iteration, within any bound: the step case of the first loop must check
// what follows it.
// run: 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 0
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = 0;
  while (__VERIFIER_nondet_int()) x++;
  int y = 0;
  while (y < 3) {
    y++;
    assert(x != 20 || y != 2);  // truth: fails; induction: bounded
  }
  return 0;
}
