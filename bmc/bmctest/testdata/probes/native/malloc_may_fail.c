// why: malloc returns NULL when it cannot allocate (glibc: a size of 2^64-1). With
// the default options the engine assumes malloc never fails and says so; with
// MallocMayFail it finds the failing call and replays it with a shim.
// broken: malloc never fails
// run: 18446744073709551615
// run: 4
#include <assert.h>
#include <stdlib.h>
extern unsigned long __VERIFIER_nondet_ulong(void);
int main(void) {
  unsigned long n = __VERIFIER_nondet_ulong();
  int *p = malloc(n);
  assert(p != 0); // truth: fails; native: VERIFIED; native-mmf: FALSIFIED
  return 0;
}
