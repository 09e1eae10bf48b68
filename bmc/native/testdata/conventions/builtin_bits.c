// why: gcc's built-ins on the bits of an integer (byte swaps, population
// count, parity, leading and trailing zeros, ffs) are bit operations, and
// the verifiers' nondet functions of fixed widths (u16, u64) are inputs.
// run: 0
// run: 65280
// run: 4096
#include <assert.h>
#include <stdint.h>
#include <strings.h>
extern uint16_t __VERIFIER_nondet_u16(void);
extern uint64_t __VERIFIER_nondet_u64(void);
int main(void) {
  uint16_t s = __VERIFIER_nondet_u16();
  uint64_t l = 0xabcdef0001020304ull;
  assert(__builtin_bswap16(0xabcd) == 0xcdab); // truth: holds; native: VERIFIED
  assert(__builtin_bswap32(0xabcdef00u) == 0x00efcdabu); // truth: holds; native: VERIFIED
  assert(__builtin_bswap64(l) == 0x0403020100efcdabull); // truth: holds; native: VERIFIED
  assert(__builtin_bswap16(__builtin_bswap16(s)) == s); // truth: holds; native: VERIFIED
  assert(__builtin_popcount(s) <= 16); // truth: holds; native: VERIFIED
  assert(__builtin_popcountll(l) == 22); // truth: holds; native: VERIFIED
  assert(__builtin_parity(s) == (__builtin_popcount(s) & 1)); // truth: holds; native: VERIFIED
  assert(__builtin_clz(1u) == 31); // truth: holds; native: VERIFIED
  assert(__builtin_ctzll(1ull << 40) == 40); // truth: holds; native: VERIFIED
  assert(ffs(0) == 0); // truth: holds; native: VERIFIED
  if (s != 0) {
    assert(__builtin_clz(s) >= 16); // truth: holds; native: VERIFIED
    assert(__builtin_ctz(s) + __builtin_clz(s) <= 31); // truth: holds; native: VERIFIED
    assert(__builtin_ffs(s) == __builtin_ctz(s) + 1); // truth: holds; native: VERIFIED
    assert(__builtin_ctz(s) < 12); // truth: fails; native: FALSIFIED
  }
  assert(__builtin_bswap16(s) != 0x00ff); // truth: fails; native: FALSIFIED
  return 0;
}
