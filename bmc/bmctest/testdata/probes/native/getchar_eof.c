// why: once getchar has returned EOF it keeps returning it (glibc 2.28 and later).
// run: stdin ""
// run: stdin "a"
#include <assert.h>
#include <stdio.h>
int main(void) {
  int c = getchar();
  if (c == EOF) {
    int d = getchar();
    assert(d == EOF); // truth: holds; native: VERIFIED
  }
  return 0;
}
