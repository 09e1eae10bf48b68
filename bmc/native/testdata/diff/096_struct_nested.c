// expect: VERIFIED
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern char __VERIFIER_nondet_char(void);
extern long __VERIFIER_nondet_long(void);
extern void __VERIFIER_assume(int);
struct inner { int a; int b[2]; };
struct outer { char tag; struct inner in; int z; };
int main(void) {
  struct outer o;
  o.tag = 'x'; o.in.a = 1; o.in.b[0] = 2; o.in.b[1] = 3; o.z = 4;
  assert(o.in.b[1] == 3 && o.z == 4 && o.tag == 'x');
  return 0;
}
