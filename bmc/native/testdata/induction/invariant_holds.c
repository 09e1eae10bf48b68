// An inductive invariant checked in the body.
// run: 1 1 1 1 1 1 1 1 1 1 0
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int i = 0, s = 0;
  while (__VERIFIER_nondet_int()) {
    if (i < 100) { i++; s += 2; }
    assert(s == 2 * i);  // truth: holds; induction: proved
  }
  return 0;
}
