// why: memset of 3 bytes clears three of a[0]'s four bytes.
#include <assert.h>
#include <string.h>
int main(void) {
  int a[2] = {0x11223344, 5};
  memset(a, 0, 3);
  assert(a[0] == 0x11223344); // truth: fails; native: UNKNOWN
  return 0;
}
