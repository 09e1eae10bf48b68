// why: "%%n" prints the two characters %n; it is no conversion and writes nothing.
#include <assert.h>
#include <stdio.h>
int main(void) {
  int n = 0;
  printf("100%%n\n");
  assert(n == 0); // truth: holds; native: VERIFIED
  return 0;
}
