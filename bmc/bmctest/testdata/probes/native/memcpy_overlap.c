// why: memcpy with overlapping ranges is undefined; glibc's x86-64 memcpy loads
// before it stores for small sizes, giving memmove's result here ("aabcdfg"),
// where a copy byte by byte would give "aaaaafg". The engine lets the
// destination hold any value.
#include <assert.h>
#include <string.h>
int main(void) {
  char a[8] = "abcdefg";
  memcpy(a + 1, a, 4);
  assert(a[4] == 'd'); // truth: holds; native: UNKNOWN
  return 0;
}
