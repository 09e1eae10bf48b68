// expect: VERIFIED
#include <assert.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <ctype.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
int main(void) {
  char d[6] = "zzzzz";
  strncpy(d, "ab", 4);
  assert(d[0] == 'a' && d[1] == 'b' && d[2] == 0 && d[3] == 0 && d[4] == 'z');
  return 0;
}
