// The classic: the loop counts to a constant and stops; k-induction proves
// what holds at the exit (x == N), which no bounded run reaches.
#include <assert.h>
int main(void) {
  unsigned int x = 0;
  while (x < 0x0fffffff) x++;
  assert(x % 2);  // truth: holds; induction: proved
  return 0;
}
