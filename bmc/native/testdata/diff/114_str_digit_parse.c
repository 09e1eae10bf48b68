// expect: VERIFIED
#include <assert.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <ctype.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
int main(void) {
  char s[4] = "427";
  int v = 0;
  for (int i = 0; s[i] != 0 && isdigit(s[i]); i++) v = v * 10 + (s[i] - '0');
  assert(v == 427);
  return 0;
}
