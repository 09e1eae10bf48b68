// expect: VERIFIED
#include <assert.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <ctype.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
int main(void) {
  assert(strcmp("abc", "abc") == 0);
  assert(strcmp("abc", "abd") < 0);
  assert(strcmp("b", "a") > 0);
  assert(strncmp("abcx", "abcy", 3) == 0);
  return 0;
}
