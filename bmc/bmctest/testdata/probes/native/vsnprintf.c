// why: vsnprintf writes the buffer through a va_list.
#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
static int fmt(char *b, int n, const char *f, ...) {
  va_list ap;
  va_start(ap, f);
  int r = vsnprintf(b, n, f, ap);
  va_end(ap);
  return r;
}
int main(void) {
  char b[8] = "zzzzzzz";
  fmt(b, sizeof b, "%d", 5);
  assert(b[0] == 'z'); // truth: fails; native: UNKNOWN
  return 0;
}
