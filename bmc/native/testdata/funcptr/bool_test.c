// why: a function pointer used as a condition, and a NULL default
// replaced by a fallback.
// run: 0
// run: 1
#include <assert.h>
#include <stddef.h>
extern int __VERIFIER_nondet_int(void);
int fallback(int x) { return 0; }
int custom(int x) { return x * x; }
int call_or_default(int (*f)(int), int x) {
  if (!f)
    f = fallback;
  return f(x);
}
int main(void) {
  int (*f)(int) = NULL;
  if (__VERIFIER_nondet_int())
    f = custom;
  int r = call_or_default(f, 3);
  assert(f ? r == 9 : r == 0); // truth: holds; native: VERIFIED
  assert(r == 9); // truth: fails; native: FALSIFIED
  return 0;
}
