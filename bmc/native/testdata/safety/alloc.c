// Heap objects: an allocation of n bytes holds n / sizeof(T) elements of
// the type it is accessed as; an overflow is replayed under the address
// sanitizer. An allocation seen as two element types is not checked
// exactly (UNKNOWN).
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);

struct pair {
  int a;
  long b;
};

int main(void) {
  int *buf = malloc(4 * sizeof(int));
  if (buf == NULL)
    return 0;
  int i = __VERIFIER_nondet_int();
  if (i >= 0 && i < 4)
    buf[i] = 1; // want "array-bounds: VERIFIED" "null-dereference: VERIFIED"
  struct pair *pr = malloc(sizeof *pr);
  if (pr == NULL)
    return 0;
  pr->b = 7; // want "array-bounds: VERIFIED" "null-dereference: VERIFIED"
  long big = (long)(i & 0xff) << 40; // want "shift: VERIFIED"
  long bad = 1L << i; // want "shift: FALSIFIED"
  if (i >= 0 && i <= 4)
    buf[i] = 2; // want "array-bounds: FALSIFIED" "null-dereference: VERIFIED"
  short *two = calloc(2, sizeof(short));
  char *bytes = (char *)(void *)two;
  if (two != NULL && i == 1)
    two[i] = bytes[3]; // want "array-bounds: UNKNOWN" "array-bounds: UNKNOWN" "null-dereference: VERIFIED" "null-dereference: VERIFIED"
  free(pr);
  free(buf);
  return (int)(big + bad); // want "signed-overflow: .*"
}
