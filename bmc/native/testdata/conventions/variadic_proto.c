// why: a prototype of a variadic function (printf's, as Csmith's minimal
// runtime declares it; a logger without a body) is a declaration: a call
// of one without a body returns any value of its type.
// run: 0
// run: 3
#include <assert.h>
extern int printf(const char *, ...);
extern int log_event(const char *fmt, ...);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  printf("%d\n", n);
  int r = log_event("n=%d", n, 2.5);
  assert(n == n); // truth: holds; native: VERIFIED
  assert(r == 0); // truth: fails; native: FALSIFIED
  return 0;
}
