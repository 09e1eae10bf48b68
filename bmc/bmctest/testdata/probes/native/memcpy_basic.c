// why: memcpy copies the elements.
#include <assert.h>
#include <string.h>
int main(void) {
  int a[3] = {1, 2, 3};
  int b[3] = {0, 0, 0};
  memcpy(b, a, sizeof a);
  assert(b[2] == 3); // truth: holds; native: VERIFIED
  return 0;
}
