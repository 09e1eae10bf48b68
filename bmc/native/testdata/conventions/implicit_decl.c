// why: old C that gcc accepts: main without a return type (implicit int),
// and nondet_char called without a declaration, which gcc declares
// int nondet_char(), so its value is any int, not only a char's.
// run: 65
// run: 300
#include <assert.h>
main() {
  int c = nondet_char();
  assert(c != 300); // truth: fails; native: FALSIFIED
  if (c >= 0 && c < 256)
    assert((unsigned char)c == c); // truth: holds; native: VERIFIED
  return 0;
}
