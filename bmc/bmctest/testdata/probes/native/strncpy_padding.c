// why: strncpy pads with NULs up to n.
#include <assert.h>
#include <string.h>
int main(void) {
  char d[6] = "zzzzz";
  strncpy(d, "ab", 5);
  assert(d[4] == 0); // truth: holds; native: VERIFIED
  return 0;
}
