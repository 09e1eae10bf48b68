// why: in c + g(), gcc calls g before it reads c: the sum is 2.
#include <assert.h>
int c = 0;
int g(void) { return ++c; }
int main(void) {
  int w = c + g();
  assert(w == 1); // truth: fails; native: UNKNOWN
  return 0;
}
