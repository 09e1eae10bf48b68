// why: a union whose members overlay one another cell for cell (an int
// beside an unsigned int, a struct that begins with the other member)
// shares its cells: a write through one member is read through the
// others; an anonymous union's members are the struct's.
// run: 0
// run: 7
// run: -1
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
union num {
  int i;
  unsigned u;
  struct {
    int first, second;
  } pair;
};
struct tagged {
  int kind;
  union {
    int small;
    unsigned usmall;
  };
};
union num g = {.pair.second = 9};
int main(void) {
  int n = __VERIFIER_nondet_int();
  union num x;
  x.i = n;
  assert(x.u == (unsigned)n); // truth: holds; native: VERIFIED
  x.pair.first = 3;
  assert(x.i == 3); // truth: holds; native: VERIFIED
  assert(g.pair.second == 9 && g.i == 0); // truth: holds; native: VERIFIED
  assert(sizeof(union num) == 8); // truth: holds; native: VERIFIED
  struct tagged t = {1, {n}};
  t.usmall += 1;
  assert(t.small == n + 1 || n == 2147483647); // truth: holds; native: VERIFIED
  assert(t.small != 1); // truth: fails; native: FALSIFIED
  return 0;
}
