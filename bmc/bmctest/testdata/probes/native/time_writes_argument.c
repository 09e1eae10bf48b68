// why: time(&t) also stores the time in t.
#include <assert.h>
#include <time.h>
int main(void) {
  long t = 0;
  time(&t);
  assert(t == 0); // truth: fails; native: FALSIFIED
  return 0;
}
