// expect: FALSIFIED
#include <assert.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <ctype.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
int main(void) {
  char c;
  if (scanf(" %c", &c) != 1) return 0;
  assert(c != 'q');
  return 0;
}
