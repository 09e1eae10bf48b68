// why: nondet_char, nondet_bool and nondet_uint called without a
// declaration are int functions to gcc and return a char, a _Bool and an
// unsigned int by the verifiers' convention; where the value is used as
// its own type or narrower, or tested for truth, the two readings give
// the same values, and the engine reads the program (conventions.go).
// run: 65 1 0
// run: 300 0 7
// run: -1 2 4294967295
#include <assert.h>
int main(void) {
  char c = nondet_char();
  _Bool b = nondet_bool();
  int zero = 0;
  if (nondet_uint() == 0)
    zero = 1;
  assert(c != 44); // truth: fails; native: FALSIFIED
  assert(b == 0 || b == 1); // truth: holds; native: VERIFIED
  assert(zero == 0); // truth: fails; native: FALSIFIED
  return 0;
}
