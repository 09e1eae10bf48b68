// expect: VERIFIED
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern char __VERIFIER_nondet_char(void);
extern long __VERIFIER_nondet_long(void);
extern void __VERIFIER_assume(int);
int main(void) {
  long a = 3000000000L;
  long b = a * 2;
  assert(b == 6000000000L);
  int i = 2000000000;
  long c = (long)i * 2;
  assert(c == 4000000000L);
  return 0;
}
