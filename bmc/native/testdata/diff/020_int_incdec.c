// expect: VERIFIED
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern char __VERIFIER_nondet_char(void);
extern long __VERIFIER_nondet_long(void);
extern void __VERIFIER_assume(int);
int main(void) {
  int i = 5;
  int a = i++;
  int b = ++i;
  int c = i--;
  int d = --i;
  assert(a == 5 && b == 7 && c == 7 && d == 5 && i == 5);
  return 0;
}
