// A static local of a callee counts across calls.
// run: 1 1 1 1 1 0
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int tick(void) { static int n; return ++n; }
int main(void) {
  int last = 0;
  while (__VERIFIER_nondet_int()) last = tick();
  assert(last != 5);  // truth: fails; induction: bounded
  return 0;
}
