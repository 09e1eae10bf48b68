// The unbounded loop is in a called function: not a top loop of main.
// run: 1 1 1 1 1 1 0
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int count(void) { int n = 0; while (__VERIFIER_nondet_int()) n++; return n; }
int main(void) {
  int n = count();
  assert(n != 6);  // truth: fails; induction: bounded
  return 0;
}
