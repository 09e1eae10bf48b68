// why: a shift by 33 is undefined; x86 masks the count (1 << 33 is 2), so r is
// not 0 as a shift that moves every bit out would give.
// run: 33
// run: 3
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int s = __VERIFIER_nondet_int();
  if (s != 33)
    return 0;
  int r = 1 << s;
  assert(r == 0); // truth: fails; native: FALSIFIED
  return 0;
}
