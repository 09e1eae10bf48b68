// expect: VERIFIED
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern char __VERIFIER_nondet_char(void);
extern long __VERIFIER_nondet_long(void);
extern void __VERIFIER_assume(int);
int main(void) {
  int a[5] = {1, 2, 3, 4, 5};
  int s = 0;
  for (int i = 0; i < 5; i++) s += a[i];
  assert(s == 15);
  return 0;
}
