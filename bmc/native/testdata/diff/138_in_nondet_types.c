// expect: FALSIFIED
#include <assert.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <ctype.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern short __VERIFIER_nondet_short(void);
extern _Bool __VERIFIER_nondet_bool(void);
int main(void) {
  unsigned char u = __VERIFIER_nondet_uchar();
  short s = __VERIFIER_nondet_short();
  _Bool b = __VERIFIER_nondet_bool();
  assert(b == 0 || b == 1); // expect: VERIFIED
  assert(!(u == 200 && s == -300 && b)); // expect: FALSIFIED
  return 0;
}
