// expect: FALSIFIED
#include <assert.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <ctype.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
int main(void) {
  double d;
  if (scanf("%lf", &d) != 1) return 0;
  if (d > 1.0) assert(d < 100.0);
  return 0;
}
