// expect: VERIFIED
#include <assert.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <ctype.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
int main(void) {
  const char *s = "hello";
  assert(s[0] == 'h' && s[4] == 'o' && s[5] == 0);
  return 0;
}
