// expect: VERIFIED
// k: 8
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern char __VERIFIER_nondet_char(void);
extern long __VERIFIER_nondet_long(void);
extern void __VERIFIER_assume(int);
int main(void) {
  char buf[8];
  for (int i = 0; i < 7; i++) buf[i] = 'a' + i;
  buf[7] = 0;
  assert(buf[3] == 'd');
  assert(buf[7] == '\0');
  return 0;
}
