// expect: VERIFIED
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern char __VERIFIER_nondet_char(void);
extern long __VERIFIER_nondet_long(void);
extern void __VERIFIER_assume(int);
int main(void) {
  int d = __VERIFIER_nondet_int();
  int ok = (d != 0) && (100 / d > 1);
  if (ok) assert(d <= 50 && d > 0);
  return 0;
}
