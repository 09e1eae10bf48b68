// expect: VERIFIED
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern char __VERIFIER_nondet_char(void);
extern long __VERIFIER_nondet_long(void);
extern void __VERIFIER_assume(int);
int f(int x) {
  if (x < 0) return 0;
  if (x > 100) return 100;
  return x;
}
int main(void) {
  int x = __VERIFIER_nondet_int();
  int r = f(x);
  assert(r >= 0 && r <= 100);
  return 0;
}
