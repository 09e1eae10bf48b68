// expect: VERIFIED
#include <assert.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <ctype.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
int main(void) {
  char buf[10] = "abc";
  assert(strlen(buf) == 3);
  assert(strlen("hello world") == 11);
  return 0;
}
