// why: a call through a NULL function pointer ends the run (SIGSEGV)
// before the assertion after it.
// run: 0
// run: 1
#include <assert.h>
#include <stddef.h>
extern int __VERIFIER_nondet_int(void);
int zero(void) { return 0; }
int main(void) {
  int (*p)(void) = NULL;
  if (__VERIFIER_nondet_int())
    p = zero;
  int r = p();
  assert(r == 0); // truth: holds; native: VERIFIED
  assert(r != 0); // truth: fails; native: FALSIFIED
  return 0;
}
