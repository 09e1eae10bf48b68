// The loop changes g only through a call: the havoc must cover it.
// run: 1 1 1 1 1 0
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int g;
void bump(void) { g++; }
int main(void) {
  while (__VERIFIER_nondet_int()) bump();
  assert(g != 5);  // truth: fails; induction: bounded
  return 0;
}
