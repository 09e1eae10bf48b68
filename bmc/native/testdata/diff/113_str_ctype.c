// expect: VERIFIED
#include <assert.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <ctype.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
int main(void) {
  assert(isdigit('5'));
  assert(!isdigit('a'));
  assert(isalpha('Q'));
  assert(isspace(' ') && isspace('\n'));
  assert(toupper('a') == 'A' && tolower('Z') == 'z');
  assert(isalnum('0') && !isalnum('-'));
  return 0;
}
