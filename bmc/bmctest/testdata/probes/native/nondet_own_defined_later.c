// why: a definition after main, with a prototype before it, still wins over the
// built-in meaning of the name.
#include <assert.h>
int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  assert(x == 3); // truth: holds; native: VERIFIED
  return 0;
}
int __VERIFIER_nondet_int(void) { return 3; }
