// why: a variadic function whose body does not read its further
// arguments (no va_start) runs as any other; the further arguments of
// its calls are evaluated, side effects included, and never read.
// run: 1
// run: 4
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int g;
int bump(void) { return ++g; }
int first(int a, ...) { return a * 2; }
int main(void) {
  int n = __VERIFIER_nondet_int();
  int r = first(n, bump(), 3.5, "x");
  assert(g == 1); // truth: holds; native: VERIFIED
  assert(r == 2 * n); // truth: holds; native: VERIFIED
  assert(r != 8); // truth: fails; native: FALSIFIED
  return 0;
}
