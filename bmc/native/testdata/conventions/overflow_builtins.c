// why: gcc's checked arithmetic computes exactly, stores the result
// wrapped to the type its pointer points to and returns whether it did
// not fit: the typed forms and the generic one, whose operands keep their
// own types (an int times an unsigned long into a short).
// run: 0
// run: 2147483647
// run: -2147483648
// run: 46341
// run: -1
#include <assert.h>
#include <limits.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  int r;
  _Bool o = __builtin_sadd_overflow(x, 1, &r);
  assert(o == (x == INT_MAX)); // truth: holds; native: VERIFIED
  assert(r == (int)((unsigned)x + 1u)); // truth: holds; native: VERIFIED
  unsigned u;
  assert(__builtin_usub_overflow(0u, (unsigned)x, &u) == (x != 0)); // truth: holds; native: VERIFIED
  long long p;
  assert(!__builtin_smulll_overflow(x, x, &p) && p == (long long)x * x); // truth: holds; native: VERIFIED
  short sh;
  _Bool g = __builtin_mul_overflow(x, 2ul, &sh);
  assert(g == (x < -16384 || x > 16383)); // truth: holds; native: VERIFIED
  assert(!__builtin_smul_overflow(x, x, &r)); // truth: fails; native: FALSIFIED
  return 0;
}
