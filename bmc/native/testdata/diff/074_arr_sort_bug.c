// expect: FALSIFIED
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern char __VERIFIER_nondet_char(void);
extern long __VERIFIER_nondet_long(void);
extern void __VERIFIER_assume(int);
int main(void) {
  int a[3];
  for (int i = 0; i < 3; i++) a[i] = __VERIFIER_nondet_int();
  for (int j = 0; j + 1 < 3; j++)
    if (a[j] > a[j + 1]) { int t = a[j]; a[j] = a[j + 1]; a[j + 1] = t; }
  assert(a[0] <= a[1]);
  return 0;
}
