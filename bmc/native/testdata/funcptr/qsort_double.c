// why: qsort of doubles with a comparator written with comparisons.
// run: 0
// run: 1
#include <assert.h>
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
int cmpd(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y ? 1 : 0;
}
int main(void) {
  double d[3] = {2.5, -1.0, 0.5};
  if (__VERIFIER_nondet_int())
    d[1] = 9.0;
  qsort(d, 3, sizeof d[0], cmpd);
  assert(d[0] <= d[1] && d[1] <= d[2]); // truth: holds; native: VERIFIED
  assert(d[2] == 2.5); // truth: fails; native: FALSIFIED
  return 0;
}
