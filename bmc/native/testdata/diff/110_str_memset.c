// expect: VERIFIED
#include <assert.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <ctype.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
int main(void) {
  int a[5];
  memset(a, 0, sizeof(a));
  assert(a[0] == 0 && a[4] == 0);
  char c[4];
  memset(c, 'x', 4);
  assert(c[3] == 'x');
  return 0;
}
