// expect: VERIFIED
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern char __VERIFIER_nondet_char(void);
extern long __VERIFIER_nondet_long(void);
extern void __VERIFIER_assume(int);
int main(void) {
  _Bool b = 5;
  assert(b == 1);
  b = 0;
  assert(!b);
  int x = __VERIFIER_nondet_int();
  _Bool c = x;
  assert(c == (x != 0));
  return 0;
}
