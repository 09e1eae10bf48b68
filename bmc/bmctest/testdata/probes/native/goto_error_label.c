// why: SV-COMP's error label reached by gotos (a label that only gotos
// enter after a return), and a label no goto names.
// run: 1
// run: 2
// run: 7
// run: -1
// run: -2
#include <assert.h>
extern void abort(void);
void reach_error() { assert(0); }
extern int __VERIFIER_nondet_int(void);
int f(int v) {
  if (v == 7)
    goto bad;
  return v + 1;
bad:
  return -1;
}
int main(void) {
  int x = __VERIFIER_nondet_int();
  int r = f(x);
  assert(r != 0); // truth: fails; native: FALSIFIED
  if (r == -1)
    goto ERROR;
  assert(r == x + 1); // truth: holds; native: VERIFIED
  return 0;
ERROR:
  assert(x == 7 || x == -2); // truth: holds; native: VERIFIED
unused:
  return 1;
}
