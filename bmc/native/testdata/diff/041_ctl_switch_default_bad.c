// expect: FALSIFIED
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern char __VERIFIER_nondet_char(void);
extern long __VERIFIER_nondet_long(void);
extern void __VERIFIER_assume(int);
int main(void) {
  int x = __VERIFIER_nondet_int();
  int r;
  switch (x) {
  case 1: r = 1; break;
  case 2: r = 4; break;
  default: r = 0;
  }
  assert(r != 0);
  return 0;
}
