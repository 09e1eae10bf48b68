// expect: FALSIFIED
#include <assert.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <ctype.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
int main(void) {
  long v; long long w;
  if (scanf("%ld %lld", &v, &w) != 2) return 0;
  if (v > 0 && w > 0) assert(v + w != 5000000000L);
  return 0;
}
