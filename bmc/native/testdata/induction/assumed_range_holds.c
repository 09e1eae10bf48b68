// The range that the assumption before the loop states is its invariant;
// its bounds are constants of main, not of the loop's condition.
// run: 7 1 1 1 0
// run: 0 1 1 0
// run: 50 1 0
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (!(x >= 0 && x <= 50)) return 0;
  while (__VERIFIER_nondet_int()) {
    if (x == 0) x++;
    else x--;
  }
  assert(x <= 50);  // truth: holds; induction: proved
  return 0;
}
