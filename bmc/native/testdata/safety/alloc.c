// The engine does not model the size of a malloc'd object: a dereference
// into one is never VERIFIED (UNKNOWN), though a real overflow is still
// found and replayed under the address sanitizer.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int *buf = malloc(4 * sizeof(int));
  if (buf == NULL)
    return 0;
  int i = __VERIFIER_nondet_int();
  if (i >= 0 && i < 4)
    buf[i] = 1; // want "array-bounds: UNKNOWN" "null-dereference: VERIFIED"
  long big = (long)(i & 0xff) << 40; // want "shift: VERIFIED"
  long bad = 1L << i; // want "shift: FALSIFIED"
  free(buf);
  return (int)(big + bad); // want "signed-overflow: .*"
}
