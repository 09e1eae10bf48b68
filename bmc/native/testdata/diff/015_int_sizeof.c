// expect: VERIFIED
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern char __VERIFIER_nondet_char(void);
extern long __VERIFIER_nondet_long(void);
extern void __VERIFIER_assume(int);
int main(void) {
  int a[10];
  assert(sizeof(int) == 4);
  assert(sizeof(long) == 8);
  assert(sizeof(char) == 1);
  assert(sizeof(short) == 2);
  assert(sizeof a == 40);
  assert(sizeof(a) / sizeof(a[0]) == 10);
  return 0;
}
