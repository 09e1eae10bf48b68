// why: function pointers compared with NULL, with a function and with
// each other.
// run: 0
// run: 1
#include <assert.h>
#include <stddef.h>
extern int __VERIFIER_nondet_int(void);
int f(void) { return 1; }
int g(void) { return 2; }
int main(void) {
  int (*p)(void) = NULL;
  int (*q)(void) = f;
  assert(p == NULL); // truth: holds; native: VERIFIED
  assert(q != NULL); // truth: holds; native: VERIFIED
  if (__VERIFIER_nondet_int())
    p = f;
  else
    p = &g;
  assert(p != NULL && (p == f || p == g)); // truth: holds; native: VERIFIED
  assert((p == q) == (p() == 1)); // truth: holds; native: VERIFIED
  assert(p == q); // truth: fails; native: FALSIFIED
  assert(!p == 0 && !!q); // truth: holds; native: VERIFIED
  return 0;
}
