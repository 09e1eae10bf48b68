// expect: VERIFIED
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern char __VERIFIER_nondet_char(void);
extern long __VERIFIER_nondet_long(void);
extern void __VERIFIER_assume(int);
struct p { int a; int b; };
int sum(struct p v) { v.a += 100; return v.a + v.b; }
int main(void) {
  struct p x = {1, 2};
  int s = sum(x);
  assert(s == 103 && x.a == 1);
  return 0;
}
