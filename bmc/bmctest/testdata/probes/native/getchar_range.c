// why: getchar returns EOF or an unsigned char's value.
// run: stdin "\xff"
// run: stdin ""
// run: stdin "a"
#include <assert.h>
#include <stdio.h>
int main(void) {
  int c = getchar();
  assert(c == EOF || (c >= 0 && c <= 255)); // truth: holds; native: VERIFIED
  return 0;
}
