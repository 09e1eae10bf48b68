// x and y move together but for one step: a candidate invariant x == y
// must be dropped, and the assertion, which fails after 7 iterations, not
// proved.
// run: 1 1 1 1 1 1 1 0
extern int __VERIFIER_nondet_int(void);
#include <assert.h>
int main(void) {
  int x = 0, y = 0;
  while (__VERIFIER_nondet_int()) {
    x++;
    y++;
    if (x == 6) y++;
  }
  assert(x == y);  // truth: fails; induction: bounded
  return 0;
}
