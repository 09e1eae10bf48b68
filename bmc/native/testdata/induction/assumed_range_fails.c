// The assumed range is left after six steps from 50, beyond the bound: a
// candidate x <= 50 must be dropped by its consecution check.
// run: 50 1 1 1 1 1 1 0
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (!(x >= 0 && x <= 50)) return 0;
  while (__VERIFIER_nondet_int()) {
    if (x < 60) x++;
  }
  assert(x <= 55);  // truth: fails; induction: bounded
  return 0;
}
