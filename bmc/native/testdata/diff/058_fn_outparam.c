// expect: VERIFIED
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern char __VERIFIER_nondet_char(void);
extern long __VERIFIER_nondet_long(void);
extern void __VERIFIER_assume(int);
void divmod(int a, int b, int *q, int *r) { *q = a / b; *r = a % b; }
int main(void) {
  int q, r;
  int a = __VERIFIER_nondet_int();
  __VERIFIER_assume(a >= 0 && a < 1000);
  divmod(a, 7, &q, &r);
  assert(q * 7 + r == a);
  assert(r >= 0 && r < 7);
  return 0;
}
