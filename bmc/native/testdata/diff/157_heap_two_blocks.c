// expect: FALSIFIED
#include <assert.h>
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
int main(void) {
  int *a = malloc(2 * sizeof(int));
  int *b = malloc(2 * sizeof(int));
  a[0] = 1; b[0] = 2;
  int c = __VERIFIER_nondet_int();
  int *p = c ? a : b;
  p[0] = 5;
  assert(a[0] == 1);
  return 0;
}
