// expect: FALSIFIED
#include <assert.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <ctype.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
int main(void) {
  int a;
  if (fscanf(stdin, "%d", &a) != 1) return 0;
  assert(a != 123);
  return 0;
}
