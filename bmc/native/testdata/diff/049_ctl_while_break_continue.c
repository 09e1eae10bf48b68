// expect: VERIFIED
// k: 6
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern char __VERIFIER_nondet_char(void);
extern long __VERIFIER_nondet_long(void);
extern void __VERIFIER_assume(int);
int main(void) {
  int i = 0, s = 0;
  while (1) {
    i++;
    if (i > 4) break;
    if (i == 2) continue;
    s += i;
  }
  assert(s == 8);
  return 0;
}
