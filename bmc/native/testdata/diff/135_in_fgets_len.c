// expect: VERIFIED
#include <assert.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <ctype.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
int main(void) {
  char line[8];
  if (fgets(line, sizeof line, stdin) == NULL) return 0;
  assert(strlen(line) <= 7);
  return 0;
}
