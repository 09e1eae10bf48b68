// expect: VERIFIED
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern char __VERIFIER_nondet_char(void);
extern long __VERIFIER_nondet_long(void);
extern void __VERIFIER_assume(int);
int main(void) {
  int a[4];
  for (int i = 0; i < 4; i++) a[i] = __VERIFIER_nondet_int();
  int m = a[0];
  for (int i = 1; i < 4; i++) if (a[i] > m) m = a[i];
  for (int i = 0; i < 4; i++) assert(m >= a[i]);
  return 0;
}
