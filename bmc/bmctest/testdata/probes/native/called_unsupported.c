// why: a call that may run a function the engine cannot translate (a
// backward goto out of a loop) makes every answer UNKNOWN.
// run: 7
// run: 4
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int spin(int n) {
again:
  while (n > 0) {
    n--;
    if (n == 100)
      goto again;
  }
  return n;
}
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x == 7)
    x = spin(x);
  assert(x != 7); // truth: holds; native: UNKNOWN
  assert(x != 4); // truth: fails; native: UNKNOWN
  return 0;
}
