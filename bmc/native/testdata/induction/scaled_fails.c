// As scaled_holds, but one step beyond the bound breaks the ratio: the
// scaled candidate must not survive.
#include <assert.h>
int main(void) {
  int i = 0, j = 0;
  while (i < 50) {
    j += 3;
    i++;
    if (i == 40) j++;
  }
  assert(j == 150);  // truth: fails; induction: bounded
  return 0;
}
