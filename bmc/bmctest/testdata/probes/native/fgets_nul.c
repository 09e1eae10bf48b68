// why: fgets stores a NUL byte it reads, so the line can look empty.
// run: stdin "\x00abc\n"
#include <assert.h>
#include <stdio.h>
int main(void) {
  char b[8];
  if (fgets(b, 8, stdin) == 0)
    return 0;
  assert(b[0] != 0); // truth: fails; native: FALSIFIED
  return 0;
}
