// expect: VERIFIED
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern char __VERIFIER_nondet_char(void);
extern long __VERIFIER_nondet_long(void);
extern void __VERIFIER_assume(int);
struct point { int x; int y; };
int main(void) {
  struct point p = {1, 2};
  struct point q = {5};
  assert(p.x == 1 && p.y == 2);
  assert(q.x == 5 && q.y == 0);
  return 0;
}
