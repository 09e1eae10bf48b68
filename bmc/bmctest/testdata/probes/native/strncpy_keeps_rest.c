// why: strncpy writes n characters and no more: d[3] keeps its 'z'.
#include <assert.h>
#include <string.h>
int main(void) {
  char d[5] = "zzzz";
  strncpy(d, "ab", 3);
  assert(d[3] == 'z'); // truth: holds; native: VERIFIED
  return 0;
}
