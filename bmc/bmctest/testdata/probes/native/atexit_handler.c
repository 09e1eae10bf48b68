// why: exit runs the handlers atexit registered; the engine does not model them.
#include <assert.h>
#include <stdlib.h>
static int done = 0;
static void bye(void) { assert(done == 0); } // truth: fails; native: UNKNOWN
int main(void) {
  atexit(bye);
  done = 1;
  exit(0);
}
