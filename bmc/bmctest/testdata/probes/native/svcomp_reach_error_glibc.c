// why: SV-COMP's preamble: reach_error is glibc's assert(0) expansion (a GNU
// statement expression under __extension__, __PRETTY_FUNCTION__), and
// __VERIFIER_assert's error call stands under a label no goto names.
// run: 5
// run: 4
// run: -3
#include <assert.h>
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { ((void) sizeof ((0) ? 1 : 0), __extension__ ({ if (0) ; else __assert_fail ("0", "svcomp_reach_error_glibc.c", 9, __extension__ __PRETTY_FUNCTION__); })); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) {
  if (!(cond)) {
    ERROR: {reach_error();abort();}
  }
  return;
}
int main() {
  int x = __VERIFIER_nondet_int();
  int y = x;
  if (y > 4)
    y = y - 1;
  __VERIFIER_assert(y <= x); // truth: holds; native: VERIFIED
  __VERIFIER_assert(y != 4); // truth: fails; native: FALSIFIED
  return 0;
}
