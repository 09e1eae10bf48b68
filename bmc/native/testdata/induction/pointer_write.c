// The loop writes through a pointer: no havoc is sound, so no proof.
// run: 1 1 1 1 1 0
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = 0;
  int *p = &x;
  while (__VERIFIER_nondet_int()) (*p)++;
  assert(x != 5);  // truth: fails; induction: bounded
  return 0;
}
