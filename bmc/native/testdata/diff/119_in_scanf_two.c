// expect: FALSIFIED
#include <assert.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <ctype.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
int main(void) {
  int a, b;
  if (scanf("%d %d", &a, &b) != 2) return 1;
  if (a > 0 && b > 0) assert(a + b != 7);
  return 0;
}
