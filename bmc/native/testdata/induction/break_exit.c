// The loop leaves by break at a value the step case's havoc must reach.
// run: 1 1 1 1 1 1 1 1 0 1
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int i = 0;
  for (;;) {
    i++;
    if (__VERIFIER_nondet_int() == 0) break;
  }
  assert(i != 9);  // truth: fails; induction: bounded
  return 0;
}
