// expect: FALSIFIED
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern char __VERIFIER_nondet_char(void);
extern long __VERIFIER_nondet_long(void);
extern void __VERIFIER_assume(int);
void minmax(int a, int b, int *mn, int *mx) { if (a < b) { *mn = a; *mx = b; } else { *mn = b; *mx = a; } }
int main(void) {
  int mn, mx;
  int a = __VERIFIER_nondet_int(), b = __VERIFIER_nondet_int();
  minmax(a, b, &mn, &mx);
  assert(mn < mx);
  return 0;
}
