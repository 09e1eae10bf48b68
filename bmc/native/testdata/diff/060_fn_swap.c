// expect: VERIFIED
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern char __VERIFIER_nondet_char(void);
extern long __VERIFIER_nondet_long(void);
extern void __VERIFIER_assume(int);
void swap(int *a, int *b) { int t = *a; *a = *b; *b = t; }
int main(void) {
  int x = __VERIFIER_nondet_int(), y = __VERIFIER_nondet_int();
  int x0 = x, y0 = y;
  swap(&x, &y);
  assert(x == y0 && y == x0);
  return 0;
}
