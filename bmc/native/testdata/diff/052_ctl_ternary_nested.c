// expect: VERIFIED
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern char __VERIFIER_nondet_char(void);
extern long __VERIFIER_nondet_long(void);
extern void __VERIFIER_assume(int);
int main(void) {
  int x = __VERIFIER_nondet_int();
  int s = x > 0 ? 1 : x < 0 ? -1 : 0;
  assert(s * s <= 1);
  assert((s == 0) == (x == 0));
  return 0;
}
