// why: sprintf writes its output into the buffer.
#include <assert.h>
#include <stdio.h>
int main(void) {
  char b[8] = "zzz";
  sprintf(b, "%d", 12);
  assert(b[0] == 'z'); // truth: fails; native: UNKNOWN
  return 0;
}
