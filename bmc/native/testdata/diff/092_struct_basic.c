// expect: VERIFIED
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern char __VERIFIER_nondet_char(void);
extern long __VERIFIER_nondet_long(void);
extern void __VERIFIER_assume(int);
struct point { int x; int y; };
int main(void) {
  struct point p;
  p.x = 3; p.y = 4;
  assert(p.x * p.x + p.y * p.y == 25);
  return 0;
}
