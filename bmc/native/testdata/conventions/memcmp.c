// why: memcmp compares bytes as unsigned chars past any NUL: the sign of
// the first difference, zero when none; gcc's __builtin_memcmp is it.
// run: 0
// run: 200
// run: 98
// run: 121
#include <assert.h>
#include <string.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 255)
    return 0;
  char a[4] = {'a', 0, 'x', 'y'};
  char b[4] = {'a', 0, 'x', 'y'};
  assert(memcmp(a, b, 4) == 0); // truth: holds; native: VERIFIED
  b[3] = (char)n;
  assert((memcmp(a, b, 4) < 0) == ((unsigned char)'y' < (unsigned char)n)); // truth: holds; native: VERIFIED
  assert(__builtin_memcmp(a, b, 3) == 0); // truth: holds; native: VERIFIED
  assert(memcmp(a, b, 4) != 0); // truth: fails; native: FALSIFIED
  return 0;
}
