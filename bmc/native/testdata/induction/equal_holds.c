// x == y after the loop is no k-induction of the assertion alone; the
// invariant x - y == (its value at entry) makes it one.
// run: 5
// run: 4294967295
extern unsigned int __VERIFIER_nondet_uint(void);
#include <assert.h>
int main(void) {
  unsigned int x = __VERIFIER_nondet_uint();
  unsigned int y = x;
  while (x < 1024) {
    x++;
    y++;
  }
  assert(x == y);  // truth: holds; induction: proved
  return 0;
}
