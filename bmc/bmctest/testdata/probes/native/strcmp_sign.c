// why: strcmp's sign follows the first differing byte, compared as unsigned char.
#include <assert.h>
#include <string.h>
int main(void) {
  char a[3] = "a\x80";
  assert(strcmp("abc", "abd") < 0 && strcmp(a, "a\x01") > 0); // truth: holds; native: VERIFIED
  return 0;
}
