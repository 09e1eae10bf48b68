// why: scanf returns EOF on empty input and stores nothing.
// run: stdin ""
#include <assert.h>
#include <stdio.h>
int main(void) {
  int x = 7;
  int r = scanf("%d", &x);
  assert(r == 1); // truth: fails; native: FALSIFIED
  return 0;
}
