// expect: VERIFIED
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern char __VERIFIER_nondet_char(void);
extern long __VERIFIER_nondet_long(void);
extern void __VERIFIER_assume(int);
int main(void) {
  int x = 10;
  x += 5; x -= 3; x *= 2; x /= 4; x %= 4;
  assert(x == 2);
  x <<= 3; x >>= 1; x |= 1; x &= 7; x ^= 2;
  assert(x == 3);
  return 0;
}
