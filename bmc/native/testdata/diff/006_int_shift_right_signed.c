// expect: VERIFIED
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern char __VERIFIER_nondet_char(void);
extern long __VERIFIER_nondet_long(void);
extern void __VERIFIER_assume(int);
int main(void) {
  int x = -16;
  assert((x >> 2) == -4);
  unsigned u = 0x80000000u;
  assert((u >> 31) == 1u);
  return 0;
}
