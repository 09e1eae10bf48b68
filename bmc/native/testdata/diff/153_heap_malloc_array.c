// expect: VERIFIED
#include <assert.h>
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
int main(void) {
  int *a = malloc(4 * sizeof(int));
  for (int i = 0; i < 4; i++) a[i] = i * i;
  assert(a[3] == 9);
  free(a);
  return 0;
}
