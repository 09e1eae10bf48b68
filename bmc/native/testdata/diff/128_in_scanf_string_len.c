// expect: FALSIFIED
// A NUL byte is not white space: scanf("%7s") stores it, and strlen(w) is 0 on the input "\0" (replayed under gcc).
#include <assert.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <ctype.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
int main(void) {
  char w[8];
  if (scanf("%7s", w) != 1) return 0;
  assert(strlen(w) >= 1 && strlen(w) <= 7);
  return 0;
}
