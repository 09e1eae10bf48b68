// why: memset(-1) sets every byte, so every int is -1.
#include <assert.h>
#include <string.h>
int main(void) {
  int a[3];
  memset(a, 0xff, sizeof a);
  assert(a[1] == -1); // truth: holds; native: VERIFIED
  return 0;
}
