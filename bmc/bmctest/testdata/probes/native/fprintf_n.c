// why: fprintf's %n (here after a width and a conversion) writes as printf's does.
#include <assert.h>
#include <stdio.h>
int main(void) {
  int n = 0;
  fprintf(stderr, "%5d%n", 7, &n);
  assert(n != 5); // truth: fails; native: UNKNOWN
  return 0;
}
