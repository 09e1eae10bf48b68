// why: printf returns the number of characters written; the model returns any
// value, so it cannot prove this, and its counterexample does not replay.
#include <assert.h>
#include <stdio.h>
int main(void) {
  int n = printf("abc");
  assert(n == 3); // truth: holds; native: UNKNOWN
  return 0;
}
