// expect: VERIFIED
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern char __VERIFIER_nondet_char(void);
extern long __VERIFIER_nondet_long(void);
extern void __VERIFIER_assume(int);
int main(void) {
  char c = __VERIFIER_nondet_char();
  assert(c >= -128 && c <= 127);
  unsigned char u = (unsigned char)c;
  assert(u < 256);
  return 0;
}
