// why: getchar returns a NUL byte as 0.
// run: stdin "\x00"
#include <assert.h>
#include <stdio.h>
int main(void) {
  int c = getchar();
  if (c != EOF)
    assert(c != 0); // truth: fails; native: FALSIFIED
  return 0;
}
