// expect: VERIFIED
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern char __VERIFIER_nondet_char(void);
extern long __VERIFIER_nondet_long(void);
extern void __VERIFIER_assume(int);
int depth(int n) { if (n == 0) return 0; return 1 + depth(n - 1); }
int main(void) {
  assert(depth(20) == 3);
  return 0;
}
