// expect: VERIFIED
#include <assert.h>
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
int main(void) {
  int *a = calloc(5, sizeof(int));
  assert(a[2] == 0);
  free(a);
  return 0;
}
