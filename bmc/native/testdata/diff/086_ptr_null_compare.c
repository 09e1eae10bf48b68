// expect: VERIFIED
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern char __VERIFIER_nondet_char(void);
extern long __VERIFIER_nondet_long(void);
extern void __VERIFIER_assume(int);
#include <stddef.h>
int main(void) {
  int x;
  int *p = NULL;
  assert(p == NULL);
  p = &x;
  assert(p != NULL);
  assert(p != 0);
  return 0;
}
