// why: the engine reads the program as gcc's preprocessor leaves it:
// object-like and function-like macros, #ifdef/#else, a macro call as a
// statement, a macro spread over lines, a comment inside a condition,
// <limits.h> and <stdbool.h>.
// run: 3
// run: 7
// run: -5
// run: 2147483647
#include <assert.h>
#include <limits.h>
#include <stdbool.h>
extern int __VERIFIER_nondet_int(void);
#define N 4
#define SQUARE(x) ((x) * (x))
#define CLAMP(v, lo, hi) \
  do { if ((v) < (lo)) (v) = (lo); if ((v) > (hi)) (v) = (hi); } while (0)
#ifdef N
#define LIMIT (N + 2)
#else
#define LIMIT 100
#endif
int main(void) {
  int x = __VERIFIER_nondet_int();
  bool big = x > LIMIT;
  CLAMP(x,
        0,
        LIMIT);
  if (/* never negative after the clamp */ x < INT_MAX)
    assert(x >= 0 && x <= 6 && SQUARE(x) <= 36); // truth: holds; native: VERIFIED
  assert(!big || x == LIMIT); // truth: holds; native: VERIFIED
  assert(SQUARE(x) != 9); // truth: fails; native: FALSIFIED
  return 0;
}
