// A do-while with a break before a second loop: its skip must reach the
// states its break leaves.
// run: 1 1 1 1 1 1 1 0 0
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int i = 0;
  do {
    i++;
    if (!__VERIFIER_nondet_int()) break;
  } while (1);
  int j = 0;
  while (__VERIFIER_nondet_int()) j++;
  assert(i != 8);  // truth: fails; induction: bounded
  return 0;
}
