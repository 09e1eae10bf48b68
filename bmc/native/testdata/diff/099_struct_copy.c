// expect: VERIFIED
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern char __VERIFIER_nondet_char(void);
extern long __VERIFIER_nondet_long(void);
extern void __VERIFIER_assume(int);
struct p { int a; int b; };
int main(void) {
  struct p x = {1, 2};
  struct p y;
  y = x;
  x.a = 10;
  assert(y.a == 1 && y.b == 2);
  return 0;
}
