// expect: FALSIFIED
#include <assert.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <ctype.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
int count(const char *s, char c) { int n = 0; for (int i = 0; s[i] != 0; i++) if (s[i] == c) n++; return n; }
int main(void) {
  char buf[4];
  for (int i = 0; i < 3; i++) buf[i] = (char)__VERIFIER_nondet_int();
  buf[3] = 0;
  assert(count(buf, 'a') < 3);
  return 0;
}
