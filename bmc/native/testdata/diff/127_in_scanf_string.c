// expect: FALSIFIED
#include <assert.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <ctype.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
int main(void) {
  char w[8];
  if (scanf("%7s", w) != 1) return 0;
  assert(strcmp(w, "go") != 0);
  return 0;
}
