// why: CBMC's and ESBMC's convention: a function declared without a body
// returns any value of its type (nondet_int, nondet_uint, nondet_bool).
// The truth harness defines them as the replay's does.
// run: 5 7 1
// run: 0 0 0
// run: -3 4294967295 1
#include <assert.h>
int nondet_int(void);
unsigned int nondet_uint(void);
_Bool nondet_bool(void);
int main(void) {
  int x = nondet_int();
  unsigned u = nondet_uint();
  _Bool b = nondet_bool();
  assert(b == 0 || b == 1); // truth: holds; native: VERIFIED
  assert(u >= 0); // truth: holds; native: VERIFIED
  assert(!(x == 5 && u == 7 && b)); // truth: fails; native: FALSIFIED
  return 0;
}
