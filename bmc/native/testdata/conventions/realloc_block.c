// why: realloc moves a block's contents into a block of the new size
// (growing or shrinking), frees the old one; realloc(NULL, n) is malloc.
// run: 5
// run: -2
#include <assert.h>
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  int *a = malloc(2 * sizeof(int));
  a[0] = n;
  a[1] = 7;
  a = realloc(a, 4 * sizeof(int));
  a[2] = 9;
  assert(a[0] == n && a[1] == 7 && a[2] == 9); // truth: holds; native: VERIFIED; native-mmf: UNKNOWN
  a = realloc(a, sizeof(int));
  assert(a[0] == n); // truth: holds; native: VERIFIED; native-mmf: UNKNOWN
  int *b = realloc(0, sizeof(int));
  *b = n;
  assert(*b != 5); // truth: fails; native: FALSIFIED; native-mmf: UNKNOWN
  free(a);
  free(b);
  return 0;
}
