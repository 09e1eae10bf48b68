// why: nondet_char, nondet_bool, nondet_uint and nondet_double called
// without a declaration return a char, a _Bool, an unsigned int and a
// double by the verifiers' convention, and gcc's int unless declared:
// every build of the program includes a header that declares them so
// (bmc.Program.ConventionDecls), and the engine reads them so (ESBMC's
// simplifier13 and github_1229_fail). The truth harness defines them
// with those types.
// run: 65 1 0 7 5
// run: 300 0 7 -129 4
// run: -1 2 4294967295 200 -3
#include <assert.h>
int main(void) {
  char c = nondet_char();
  _Bool b = nondet_bool();
  int zero = 0;
  if (nondet_uint() == 0)
    zero = 1;
  int n = nondet_char();
  double d = nondet_double();
  assert(c != 44); // truth: fails; native: FALSIFIED
  assert(b == 0 || b == 1); // truth: holds; native: VERIFIED
  assert(zero == 0); // truth: fails; native: FALSIFIED
  assert(n >= -128 && n <= 127); // truth: holds; native: VERIFIED
  assert(d != 2.5); // truth: fails; native: FALSIFIED
  return 0;
}
