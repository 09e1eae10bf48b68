// An array changed in the loop, whose invariant is inductive at k=1.
// run: 1 1 1 1 0
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int a[2] = {0, 0};
  while (__VERIFIER_nondet_int()) {
    a[0]++;
    a[1]++;
    assert(a[0] == a[1]);  // truth: holds; induction: proved
  }
  return 0;
}
