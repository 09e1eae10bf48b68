// expect: VERIFIED
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern char __VERIFIER_nondet_char(void);
extern long __VERIFIER_nondet_long(void);
extern void __VERIFIER_assume(int);
int main(void) {
  int a[3] = {1, 2, 3};
  int *p = &a[1];
  *p = 20;
  p++;
  *p += 10;
  assert(a[1] == 20 && a[2] == 13);
  return 0;
}
