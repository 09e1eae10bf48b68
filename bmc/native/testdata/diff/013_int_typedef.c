// expect: VERIFIED
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern char __VERIFIER_nondet_char(void);
extern long __VERIFIER_nondet_long(void);
extern void __VERIFIER_assume(int);
typedef int myint;
typedef unsigned long ulong_t;
int main(void) {
  myint a = 3;
  ulong_t b = 5;
  assert(a + b == 8);
  assert(sizeof(ulong_t) == 8);
  return 0;
}
