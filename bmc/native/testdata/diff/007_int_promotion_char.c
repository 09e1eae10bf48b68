// expect: VERIFIED
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern char __VERIFIER_nondet_char(void);
extern long __VERIFIER_nondet_long(void);
extern void __VERIFIER_assume(int);
int main(void) {
  char a = 100, b = 100;
  int s = a + b;
  assert(s == 200);
  char c = a + b;
  assert(c == -56);
  return 0;
}
