// why: a global function pointer, NULL at first, set by a function and
// called from another.
// run: 0
// run: 5
#include <assert.h>
#include <stddef.h>
extern int __VERIFIER_nondet_int(void);
int inc(int x) { return x + 1; }
int dec(int x) { return x - 1; }
int (*handler)(int) = NULL;
void install(int up) { handler = up ? inc : dec; }
int run(int v) { return handler ? handler(v) : v; }
int main(void) {
  int v = __VERIFIER_nondet_int();
  assert(run(v) == v); // truth: holds; native: VERIFIED
  install(v > 2);
  int r = run(v);
  assert(r != v); // truth: holds; native: VERIFIED
  assert(v > 2 ? r == v + 1 : r == v - 1); // truth: holds; native: VERIFIED
  assert(r == v + 1); // truth: fails; native: FALSIFIED
  return 0;
}
