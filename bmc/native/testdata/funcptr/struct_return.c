// why: function pointers to functions that return a struct.
// run: 0
// run: 1
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
struct pt { int x, y; };
struct pt origin(void) { struct pt p = {0, 0}; return p; }
struct pt unit(void) { struct pt p = {1, 1}; return p; }
int main(void) {
  struct pt (*mk)(void) = __VERIFIER_nondet_int() ? origin : unit;
  struct pt p = mk();
  assert(p.x == p.y); // truth: holds; native: VERIFIED
  assert(p.x == 1); // truth: fails; native: FALSIFIED
  return 0;
}
