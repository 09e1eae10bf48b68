// expect: VERIFIED
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern char __VERIFIER_nondet_char(void);
extern long __VERIFIER_nondet_long(void);
extern void __VERIFIER_assume(int);
int main(void) {
  int a[4], c = 0;
  for (int i = 0; i < 4; i++) { a[i] = __VERIFIER_nondet_int(); if (a[i] > 0) c++; }
  assert(c >= 0 && c <= 4);
  return 0;
}
