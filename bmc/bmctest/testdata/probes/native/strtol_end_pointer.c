// why: strtol stores the end of the number through its second argument.
#include <assert.h>
#include <stdlib.h>
int main(void) {
  const char *s = "12ab";
  char *end = 0;
  strtol(s, &end, 10);
  assert(end == 0); // truth: fails; native: UNKNOWN
  return 0;
}
