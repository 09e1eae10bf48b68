// j moves three for each step of i: j - j0 == 3*(i - i0) is an invariant
// the pair templates cannot state.
#include <assert.h>
int main(void) {
  int i = 0, j = 0;
  while (i < 50) {
    j += 3;
    i++;
  }
  assert(j == 150);  // truth: holds; induction: proved
  return 0;
}
