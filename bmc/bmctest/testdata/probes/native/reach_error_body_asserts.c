// why: reach_error's own body asserts (C's assert, not an assertion of the
// program's: bmc counts the call instead); the program aborts there, so a2 is
// never reached with x == 5.
// run: 5
// run: 6
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { assert(0); }
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x == 5)
    reach_error(); // truth: fails; native: FALSIFIED
  assert(x != 5); // truth: holds; native: VERIFIED
  return 0;
}
