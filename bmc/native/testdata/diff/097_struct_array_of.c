// expect: FALSIFIED
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern char __VERIFIER_nondet_char(void);
extern long __VERIFIER_nondet_long(void);
extern void __VERIFIER_assume(int);
struct item { int id; int qty; };
int main(void) {
  struct item inv[3] = {{1, 5}, {2, 0}, {3, 7}};
  int i = __VERIFIER_nondet_int();
  __VERIFIER_assume(i >= 0 && i < 3);
  assert(inv[i].qty > 0);
  return 0;
}
