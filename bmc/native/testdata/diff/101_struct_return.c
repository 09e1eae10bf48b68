// expect: VERIFIED
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern char __VERIFIER_nondet_char(void);
extern long __VERIFIER_nondet_long(void);
extern void __VERIFIER_assume(int);
struct p { int a; int b; };
struct p mk(int a) { struct p r; r.a = a; r.b = a * 2; return r; }
int main(void) {
  int v = __VERIFIER_nondet_int();
  __VERIFIER_assume(v > 0 && v < 1000);
  struct p q = mk(v);
  assert(q.b == 2 * q.a);
  return 0;
}
