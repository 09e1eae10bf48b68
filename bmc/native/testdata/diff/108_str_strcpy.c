// expect: VERIFIED
#include <assert.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <ctype.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
int main(void) {
  char d[8];
  strcpy(d, "hey");
  assert(d[0] == 'h' && d[2] == 'y' && d[3] == 0);
  assert(strlen(d) == 3);
  return 0;
}
