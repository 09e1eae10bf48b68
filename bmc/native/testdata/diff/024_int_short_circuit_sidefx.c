// expect: VERIFIED
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern char __VERIFIER_nondet_char(void);
extern long __VERIFIER_nondet_long(void);
extern void __VERIFIER_assume(int);
int g = 0;
int bump(void) { g++; return 1; }
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x > 0 || bump()) { }
  assert(x > 0 ? g == 0 : g == 1);
  return 0;
}
