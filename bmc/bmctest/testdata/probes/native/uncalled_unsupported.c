// why: a function no execution calls may use what the engine does not model
// (a goto into a loop's body); the rest of the program is still decided. The call
// under a nondet condition is refused only when it may run.
// run: 5
// run: 4
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int spin(int n) {
  if (n == 100)
    goto in;
  while (n > 0) {
  in:
    n--;
  }
  return n;
}
int main(void) {
  int x = __VERIFIER_nondet_int();
  assert(x + 1 != x); // truth: holds; native: VERIFIED
  assert(x != 5); // truth: fails; native: FALSIFIED
  return 0;
}
