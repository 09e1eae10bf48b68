// why: printf's %n stores the number of characters written so far (3) into n;
// a model of printf as output only would keep n == 0.
#include <assert.h>
#include <stdio.h>
int main(void) {
  int n = 0;
  printf("abc%n\n", &n);
  assert(n == 0); // truth: fails; native: UNKNOWN
  return 0;
}
