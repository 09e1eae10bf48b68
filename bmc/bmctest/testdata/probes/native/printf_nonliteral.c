// why: a format that is not a string literal could hold %n: the engine cannot
// see what printf writes.
#include <assert.h>
#include <stdio.h>
int main(void) {
  int n = 0;
  const char *f = "abc%n\n";
  printf(f, &n);
  assert(n == 0); // truth: fails; native: UNKNOWN
  return 0;
}
