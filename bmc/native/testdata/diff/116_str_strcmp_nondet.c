// expect: FALSIFIED
#include <assert.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <ctype.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
int main(void) {
  char a[3];
  a[0] = (char)__VERIFIER_nondet_int();
  a[1] = (char)__VERIFIER_nondet_int();
  a[2] = 0;
  assert(strcmp(a, "ok") != 0);
  return 0;
}
