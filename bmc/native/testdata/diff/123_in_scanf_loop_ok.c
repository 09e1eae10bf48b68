// expect: VERIFIED
#include <assert.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <ctype.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
int main(void) {
  int n, x, s = 0;
  if (scanf("%d", &n) != 1) return 0;
  if (n < 0 || n > 3) return 0;
  for (int i = 0; i < n; i++) { if (scanf("%d", &x) != 1) return 0; if (x < 0 || x > 9) return 0; s += x; }
  assert(s <= 27);
  return 0;
}
