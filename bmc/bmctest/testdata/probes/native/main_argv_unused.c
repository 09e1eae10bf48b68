// why: main(int argc, char **argv) with argv never read: argc is at least 1
// (the runs have it 1).
#include <assert.h>
int main(int argc, char **argv) {
  assert(argc >= 1); // truth: holds; native: VERIFIED
  assert(argc != 1); // truth: fails; native: FALSIFIED
  return 0;
}
