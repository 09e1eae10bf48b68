// expect: FALSIFIED
#include <assert.h>
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
int main(void) {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n > 0 && n <= 4);
  int *a = (int *)malloc(n * sizeof(int));
  for (int i = 0; i < n; i++) a[i] = i;
  assert(a[n - 1] < 3);
  free(a);
  return 0;
}
