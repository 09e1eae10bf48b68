// expect: VERIFIED
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern char __VERIFIER_nondet_char(void);
extern long __VERIFIER_nondet_long(void);
extern void __VERIFIER_assume(int);
int main(void) {
  int x = 300;
  unsigned char c = (unsigned char)x;
  assert(c == 44);
  signed char s = (signed char)200;
  assert(s == -56);
  return 0;
}
