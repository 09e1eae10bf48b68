// expect: VERIFIED
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern char __VERIFIER_nondet_char(void);
extern long __VERIFIER_nondet_long(void);
extern void __VERIFIER_assume(int);
int main(void) {
  int x = __VERIFIER_nondet_int();
  __VERIFIER_assume(x >= 0 && x < 4);
  int r = 0;
  switch (x) {
  case 0: r += 1;
  case 1: r += 2; break;
  case 2: r = 10; break;
  default: r = -1;
  }
  assert(r == 3 || r == 2 || r == 10 || r == -1);
  assert(x != 0 || r == 3);
  return 0;
}
