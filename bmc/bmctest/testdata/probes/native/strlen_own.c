// why: the program's own strlen returns 42, and gcc calls it for a buffer (but
// folds strlen of a literal itself).
#include <assert.h>
unsigned long strlen(const char *s) { return 42; }
int main(void) {
  char b[4] = "ab";
  assert(strlen(b) == 2); // truth: fails; native: UNKNOWN
  return 0;
}
