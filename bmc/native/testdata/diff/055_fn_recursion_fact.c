// expect: VERIFIED
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern char __VERIFIER_nondet_char(void);
extern long __VERIFIER_nondet_long(void);
extern void __VERIFIER_assume(int);
int fact(int n) { if (n <= 1) return 1; return n * fact(n - 1); }
int main(void) {
  assert(fact(4) == 24);
  return 0;
}
