// expect: VERIFIED
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern char __VERIFIER_nondet_char(void);
extern long __VERIFIER_nondet_long(void);
extern void __VERIFIER_assume(int);
int main(void) {
  int a = 0x1F;
  int b = 017;
  assert(a == 31);
  assert(b == 15);
  assert((a & b) == 15);
  assert((a | 0x20) == 63);
  assert((a ^ b) == 16);
  return 0;
}
