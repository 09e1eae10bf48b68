// why: atoi("42") is 42; the model's atoi returns any value, so it proves
// nothing, and its counterexample does not replay.
#include <assert.h>
#include <stdlib.h>
int main(void) {
  assert(atoi("42") == 42); // truth: holds; native: UNKNOWN
  return 0;
}
