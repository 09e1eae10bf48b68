// expect: VERIFIED
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern char __VERIFIER_nondet_char(void);
extern long __VERIFIER_nondet_long(void);
extern void __VERIFIER_assume(int);
int main(void) {
  int x = 1, y = 2;
  int c = __VERIFIER_nondet_int();
  int *p = c ? &x : &y;
  *p = 10;
  assert(x + y == 12 || x + y == 11);
  return 0;
}
