// why: a function defined with its name in parentheses, static int (f)(int
// x), as Csmith writes its safe-math functions, is that function: its body
// runs (it writes a global here), it is no function without a body.
// run: 1 -2
// run: 7 0
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int calls;
static int
(safe_mod)(int si1, int si2)
{
  calls++;
  return ((si2 == 0) || ((si1 == (-2147483647-1)) && (si2 == (-1)))) ? si1 : (si1 % si2);
}
int main(void) {
  int a = __VERIFIER_nondet_int();
  int b = __VERIFIER_nondet_int();
  int x = safe_mod(a, b);
  assert(calls == 1); // truth: holds; native: VERIFIED
  assert(b != 0 || x == a); // truth: holds; native: VERIFIED
  assert(x != 1); // truth: fails; native: FALSIFIED
  return 0;
}
