// why: rand defined after main (prototype first) returns 0 always.
#include <assert.h>
int rand(void);
int main(void) {
  int r = rand();
  assert(r == 0); // truth: holds; native: VERIFIED
  return 0;
}
int rand(void) { return 0; }
