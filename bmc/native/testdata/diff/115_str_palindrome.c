// expect: FALSIFIED
#include <assert.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <ctype.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
int is_pal(const char *s, int n) { for (int i = 0; i < n / 2; i++) if (s[i] != s[n - 1 - i]) return 0; return 1; }
int main(void) {
  char s[3];
  for (int i = 0; i < 3; i++) s[i] = (char)__VERIFIER_nondet_int();
  __VERIFIER_assume(s[0] != s[1]);
  assert(!is_pal(s, 3));
  return 0;
}
