// expect: VERIFIED
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern char __VERIFIER_nondet_char(void);
extern long __VERIFIER_nondet_long(void);
extern void __VERIFIER_assume(int);
int main(void) {
  int a[6] = {7, 8};
  assert(a[0] == 7 && a[1] == 8);
  assert(a[2] == 0 && a[5] == 0);
  return 0;
}
