// expect: VERIFIED
#include <assert.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <ctype.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
int main(void) {
  int a[3] = {1, 2, 3}, b[3];
  memcpy(b, a, sizeof(a));
  assert(b[0] == 1 && b[2] == 3);
  return 0;
}
