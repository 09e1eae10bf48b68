// why: old C that gcc accepts: main without a return type (implicit int),
// and nondet_int called without a declaration, which gcc declares
// int nondet_int(), as the verifiers' convention reads the name too.
// run: 65
// run: 300
#include <assert.h>
main() {
  int c = nondet_int();
  assert(c != 300); // truth: fails; native: FALSIFIED
  if (c >= 0 && c < 256)
    assert((unsigned char)c == c); // truth: holds; native: VERIFIED
  return 0;
}
