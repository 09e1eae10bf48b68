// why: the time is past 2001; the model's time is any value, so it cannot
// prove this.
#include <assert.h>
#include <time.h>
int main(void) {
  long t = time(0);
  assert(t > 1000000000L); // truth: holds; native: UNKNOWN
  return 0;
}
