// expect: VERIFIED
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern char __VERIFIER_nondet_char(void);
extern long __VERIFIER_nondet_long(void);
extern void __VERIFIER_assume(int);
#include <stdlib.h>
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x == 42) abort();
  assert(x != 42);
  return 0;
}
