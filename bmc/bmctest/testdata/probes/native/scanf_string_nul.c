// why: scanf's %s stores a NUL byte like any other non-space character.
// run: stdin "\x00x"
#include <assert.h>
#include <stdio.h>
#include <string.h>
int main(void) {
  char w[8];
  if (scanf("%7s", w) != 1)
    return 0;
  assert(strlen(w) >= 1); // truth: fails; native: FALSIFIED
  return 0;
}
