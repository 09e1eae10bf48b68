// why: a typedef'd function-pointer type, and a typedef'd function type
// used through a pointer.
// run: 4
// run: -4
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
typedef int (*unop)(int);
typedef int unfn(int);
int absval(int x) { return x < 0 ? -x : x; }
int sign(int x) { return (x > 0) - (x < 0); }
int main(void) {
  int v = __VERIFIER_nondet_int();
  unop f = absval;
  unfn *g = sign;
  if (v > 100 || v < -100)
    return 0;
  assert(f(v) >= 0); // truth: holds; native: VERIFIED
  assert(g(v) * f(v) == v); // truth: holds; native: VERIFIED
  assert(g(v) == 1); // truth: fails; native: FALSIFIED
  return 0;
}
