// why: a function defined inline (C99's inline definition, no external
// one) is called, not inlined, by gcc at -O0: the build for runs and
// replays must still link it.
// run: 3
// run: 0
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
inline int twice(int x) { return 2 * x; }
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 1000) return 0;
  assert(twice(n) % 2 == 0); // truth: holds; native: VERIFIED
  assert(twice(n) != 6); // truth: fails; native: FALSIFIED
  return 0;
}
