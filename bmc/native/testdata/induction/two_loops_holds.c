// Two unbounded loops, each proved by its own step case; the second
// assertion rests on the first (C-VERIFIED), which leaves a == b.
// run: 1 1 1 0 1 1 0
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  unsigned int a = 0, b = 0;
  while (__VERIFIER_nondet_int()) {
    a += 2;
    b += 2;
    assert(a == b);  // truth: holds; induction: proved
  }
  while (__VERIFIER_nondet_int()) {
    a++;
    b++;
    assert(a == b);  // truth: holds (its bound check does not assume a1: bounded)
  }
  return 0;
}
