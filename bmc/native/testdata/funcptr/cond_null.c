// why: a conditional between NULL and a function, in either order, and
// a pointer tested before the call.
// run: 0
// run: 1
#include <assert.h>
#include <stddef.h>
extern int __VERIFIER_nondet_int(void);
int seven(void) { return 7; }
int main(void) {
  int c = __VERIFIER_nondet_int();
  int (*f)(void) = c ? NULL : seven;
  int (*g)(void) = c ? seven : NULL;
  assert((f == NULL) != (g == NULL)); // truth: holds; native: VERIFIED
  int r = f ? f() : g();
  assert(r == 7); // truth: holds; native: VERIFIED
  assert(f != NULL); // truth: fails; native: FALSIFIED
  return 0;
}
