// why: gotos into a branch that a constant condition never takes still
// reach their label there (and only the gotos' paths run it).
// run: 1
// run: 2
// run: 9
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  int r = 0;
  if (x == 9)
    goto nine;
  if (x == 2)
    goto two;
  if (1) {
    r = 1;
  } else {
  two:
    r = 2;
  }
  if (0) {
  nine:
    r = r + 9;
  }
  assert(r == 1 || r == 2 || r == 9); // truth: holds; native: VERIFIED
  assert(x != 2 || r == 2); // truth: holds; native: VERIFIED
  assert(r != 9); // truth: fails; native: FALSIFIED
  assert(r != 2); // truth: fails; native: FALSIFIED
  return 0;
}
