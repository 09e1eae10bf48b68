// why: a call that may run a function the engine cannot translate (a
// goto into a loop's body) makes every answer UNKNOWN.
// run: 7
// run: 4
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int spin(int n) {
  if (n == 100)
    goto in;
  while (n > 0) {
  in:
    n--;
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
