// why: strcpy copies the whole string, terminator included.
#include <assert.h>
#include <string.h>
int main(void) {
  char d[16];
  strcpy(d, "hello, world");
  assert(d[12] == 0 && d[11] == 'd'); // truth: holds; native: VERIFIED
  return 0;
}
