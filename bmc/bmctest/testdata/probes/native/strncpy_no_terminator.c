// why: strncpy copies n characters and adds no NUL when the source is longer.
#include <assert.h>
#include <string.h>
int main(void) {
  char d[4] = {'x', 'x', 'x', 'x'};
  strncpy(d, "abcdef", 4);
  assert(d[3] == 0); // truth: fails; native: FALSIFIED
  return 0;
}
