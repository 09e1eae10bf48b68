// why: callbacks that read input themselves, called through an array
// indexed by input.
// run: 0 5
// run: 1 5
// run: 1 -5
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
int read_pos(void) { int v = __VERIFIER_nondet_int(); return v < 0 ? -v : v; }
int read_raw(void) { return __VERIFIER_nondet_int(); }
int main(void) {
  int (*readers[2])(void) = {read_pos, read_raw};
  int i = __VERIFIER_nondet_int();
  __VERIFIER_assume(i == 0 || i == 1);
  int v = readers[i]();
  if (v > 1000 || v < -1000)
    return 0;
  assert(i == 1 || v >= 0); // truth: holds; native: VERIFIED
  assert(v >= 0); // truth: fails; native: FALSIFIED
  return 0;
}
