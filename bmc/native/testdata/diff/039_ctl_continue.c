// expect: VERIFIED
// k: 6
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern char __VERIFIER_nondet_char(void);
extern long __VERIFIER_nondet_long(void);
extern void __VERIFIER_assume(int);
int main(void) {
  int s = 0;
  for (int i = 0; i < 5; i++) {
    if (i % 2 == 0) continue;
    s += i;
  }
  assert(s == 4);
  return 0;
}
