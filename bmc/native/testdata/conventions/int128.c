// why: gcc's __int128 and unsigned __int128 are integers of 128 bits, of
// a rank above long long: a long shifted by 40 fits, shifts past 64
// keep their bits, conversions to 64 bits truncate.
// run: 3000000000
// run: -1
// run: 0
#include <assert.h>
extern long __VERIFIER_nondet_long(void);
int main(void) {
  long a = __VERIFIER_nondet_long();
  __int128 p = (__int128)a << 40;
  assert(sizeof(__int128) == 16); // truth: holds; native: VERIFIED
  assert((long)(p >> 40) == a); // truth: holds; native: VERIFIED
  assert((p > 0) == (a > 0)); // truth: holds; native: VERIFIED
  unsigned __int128 big = (unsigned __int128)1 << 100;
  assert((unsigned long)(big >> 64) == (1ul << 36)); // truth: holds; native: VERIFIED
  assert((unsigned long)big == 0); // truth: holds; native: VERIFIED
  __uint128_t m = (__uint128_t)a;
  assert(m >> 127 == (a < 0)); // truth: holds; native: VERIFIED
  assert(p < 1000000000000000000); // truth: fails; native: FALSIFIED
  return 0;
}
