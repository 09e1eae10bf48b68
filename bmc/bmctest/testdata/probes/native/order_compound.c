// why: in c += g(), gcc calls g (which sets c to 11) before it reads c.
#include <assert.h>
int c = 0;
int g(void) { return ++c; }
int main(void) {
  c = 10;
  c += g();
  assert(c == 21); // truth: fails; native: UNKNOWN
  return 0;
}
