// expect: VERIFIED
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern char __VERIFIER_nondet_char(void);
extern long __VERIFIER_nondet_long(void);
extern void __VERIFIER_assume(int);
enum color { RED, GREEN = 5, BLUE };
int main(void) {
  enum color c = BLUE;
  assert(c == 6);
  assert(RED == 0);
  return 0;
}
