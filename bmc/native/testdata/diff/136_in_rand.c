// expect: UNKNOWN
// Without srand, glibc's first rand() is 1804289383 and r is 1 on every run; the model lets rand return
// any value in [0, RAND_MAX], so its counterexample (r == 5) does not replay, and no verdict is given.
#include <assert.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <ctype.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
int main(void) {
  int r = rand() % 6;
  assert(r != 5);
  return 0;
}
