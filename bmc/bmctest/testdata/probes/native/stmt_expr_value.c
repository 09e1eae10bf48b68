// why: a GNU statement expression runs its statements in order (its own
// scope, a nondet read, a loop) and its value is the last expression's.
// run: 5
// run: 4
// run: -3
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int g = 0;
int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = __extension__ ({ int t = x; g++; t > 4 ? 1 : 0; });
  assert(y == (x > 4)); // truth: holds; native: VERIFIED
  assert(g == 1); // truth: holds; native: VERIFIED
  int s = __extension__ ({ int acc = 0; for (int i = 0; i < 3; i++) acc += x; acc; });
  assert(s == 3 * x); // truth: holds; native: VERIFIED
  assert(s != 15); // truth: fails; native: FALSIFIED
  return 0;
}
