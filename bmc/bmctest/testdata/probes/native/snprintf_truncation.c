// why: snprintf returns the length the output would have had (6), not the 3
// characters it stored.
#include <assert.h>
#include <stdio.h>
int main(void) {
  char b[4];
  int n = snprintf(b, sizeof b, "%s", "abcdef");
  assert(n == 3); // truth: fails; native: UNKNOWN
  return 0;
}
