// why: a bit-field holds its low bits (a signed one wraps as gcc wraps
// it), promotes to int when int holds its values and to unsigned int at 32
// unsigned bits, and sizeof sees gcc's packing, unnamed and zero-width
// bit-fields included.
// run: 0
// run: 5
// run: -3
// run: 1000
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
struct flags {
  unsigned lo : 3, hi : 5;
  int : 0;
  signed s : 4;
  unsigned : 2;
  unsigned w : 32;
  unsigned v : 31;
  _Bool b : 1;
};
struct packed {
  char c;
  int a : 7;
  int b : 9;
};
int main(void) {
  int n = __VERIFIER_nondet_int();
  struct flags f = {0};
  f.lo = n;
  assert(f.lo == (n & 7)); // truth: holds; native: VERIFIED
  f.s = n;
  assert(f.s >= -8 && f.s <= 7); // truth: holds; native: VERIFIED
  f.s = 7;
  f.s++;
  assert(f.s == -8); // truth: holds; native: VERIFIED
  f.hi += 33;
  assert(f.hi == 1); // truth: holds; native: VERIFIED
  f.w = 1;
  f.v = 1;
  assert(!(f.w >= -1)); // truth: holds; native: VERIFIED
  assert(f.v >= -1); // truth: holds; native: VERIFIED
  f.b = n;
  assert(f.b == (n != 0)); // truth: holds; native: VERIFIED
  assert(sizeof(struct flags) == 16); // truth: holds; native: VERIFIED
  assert(sizeof(struct packed) == 4); // truth: holds; native: VERIFIED
  struct packed p = {1, n, n};
  assert(p.a == n); // truth: fails; native: FALSIFIED
  return 0;
}
