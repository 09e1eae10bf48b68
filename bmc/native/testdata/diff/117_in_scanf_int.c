// expect: FALSIFIED
#include <assert.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <ctype.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
int main(void) {
  int n;
  if (scanf("%d", &n) != 1) return 1;
  if (n > 10) assert(n < 1000);
  return 0;
}
