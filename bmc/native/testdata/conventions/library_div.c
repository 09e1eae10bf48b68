// why: div, ldiv and lldiv return their struct of quotient (truncated
// toward zero) and remainder, as C says (ESBMC's github_5868_div); the
// types come from <stdlib.h>, which the engine knows by name.
// run: 7 2
// run: -7 2
// run: 9 -4
// run: 0 5
#include <assert.h>
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int a = __VERIFIER_nondet_int();
  int b = __VERIFIER_nondet_int();
  if (b == 0 || a < -1000 || a > 1000)
    return 0;
  div_t d = div(a, b);
  ldiv_t l = ldiv((long)a * 3, (long)b);
  lldiv_t ll = lldiv((long long)a, 2LL);
  assert(d.quot == a / b && d.rem == a % b); // truth: holds; native: VERIFIED
  assert(l.quot == (long)a * 3 / b && l.rem == (long)a * 3 % b); // truth: holds; native: VERIFIED
  assert(ll.rem == 0 || ll.rem == a % 2); // truth: holds; native: VERIFIED
  assert(d.rem >= 0); // truth: fails; native: FALSIFIED
  assert(sizeof(div_t) == 8 && sizeof(lldiv_t) == 16); // truth: holds; native: VERIFIED
  return 0;
}
