// expect: VERIFIED
#include <assert.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <ctype.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
int main(void) {
  float f;
  if (scanf("%f", &f) != 1) return 0;
  if (f >= 0.0f && f <= 10.0f) assert(f * 2.0f <= 20.0f);
  return 0;
}
