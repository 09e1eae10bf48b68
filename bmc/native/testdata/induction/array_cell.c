// A write to one cell of an array in the loop: the whole array is havocked.
// run: 1 1 1 1 1 0
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int a[4] = {0, 0, 0, 0};
  while (__VERIFIER_nondet_int()) a[2]++;
  assert(a[2] != 5);  // truth: fails; induction: bounded
  return 0;
}
