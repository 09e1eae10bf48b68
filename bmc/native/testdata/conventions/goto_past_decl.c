// why: a goto may pass over declarations into their scope (CPAchecker's
// reducers do): their variables are then indeterminate at the label, as
// if declared without an initialiser, and the code after the label sets
// what it reads.
// run: 0
// run: 1
// run: 5
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
typedef int T;
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 5)
    return 0;
  if (n > 2)
    goto set;
  int t = 7;
  T * p = &n;
  t = t + *p;
set:
  t = n * 2;
  p = &t;
  assert(*p == 2 * n); // truth: holds; native: VERIFIED
  assert(t != 10); // truth: fails; native: FALSIFIED
  return 0;
}
