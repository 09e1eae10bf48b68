// expect: VERIFIED
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern char __VERIFIER_nondet_char(void);
extern long __VERIFIER_nondet_long(void);
extern void __VERIFIER_assume(int);
int main(void) {
  int a[4] = {1, 2, 3, 4};
  for (int i = 0, j = 3; i < j; i++, j--) { int t = a[i]; a[i] = a[j]; a[j] = t; }
  assert(a[0] == 4 && a[3] == 1 && a[1] == 3);
  return 0;
}
