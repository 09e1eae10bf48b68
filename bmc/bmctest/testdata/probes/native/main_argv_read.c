// why: main reads argv, which the engine does not model: UNKNOWN.
#include <assert.h>
int main(int argc, char **argv) {
  assert(argv[0] != 0); // truth: holds; native: UNKNOWN
  return 0;
}
