// why: GNU's case ranges (`case lo ... hi:`), which the grammar reads
// once cfront.Respell writes them `lo ?: hi` (CBMC's
// gcc_switch_case_range2): the label takes every value from lo to hi in
// the switch's type, none when lo > hi.
// run: 0
// run: 2
// run: 3
// run: 9
// run: -4
// run: 200
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  int k = 0;
  switch (x) {
  case 1 ... 3:
    k = 1;
    break;
  case 'a'...'z':
    k = 2;
    break;
  case -5 ... -3:
    k = 3;
    break;
  case 9 ... 8:
    k = 4;
    break;
  default:
    k = 5;
  }
  unsigned char u = x;
  int w = 0;
  switch (u) {
  case 0 ... 127:
    w = 1;
    break;
  case 128 ... 255:
    w = 2;
  }
  assert(k != 4); // truth: holds; native: VERIFIED
  assert(w == 1 || w == 2); // truth: holds; native: VERIFIED
  assert(k == 1 || x < 1 || x > 3); // truth: holds; native: VERIFIED
  assert(k != 1); // truth: fails; native: FALSIFIED
  assert(k != 3); // truth: fails; native: FALSIFIED
  assert(w != 2); // truth: fails; native: FALSIFIED
  return 0;
}
