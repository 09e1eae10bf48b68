// why: the program's own reach_error runs its body; the call is SV-COMP's error
// call (assertion a1), reached when x is 5; a2 follows it and holds.
// run: 5
// run: 4
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int calls = 0;
void reach_error(void) { calls++; }
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x == 5)
    reach_error(); // truth: fails; native: FALSIFIED
  assert(calls <= 1); // truth: holds; native: VERIFIED
  return 0;
}
