// why: atoi of a number past INT_MAX is undefined; glibc returns strtol's value
// cut to int (1215752191), not INT_MAX.
#include <assert.h>
#include <stdlib.h>
int main(void) {
  int v = atoi("99999999999");
  assert(v == 2147483647); // truth: fails; native: FALSIFIED
  return 0;
}
