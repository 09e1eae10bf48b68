// why: output writes none of the program's memory.
#include <assert.h>
#include <stdio.h>
int main(void) {
  int x = 1;
  printf("%d\n", x);
  puts("done");
  putchar('!');
  assert(x == 1); // truth: holds; native: VERIFIED
  return 0;
}
