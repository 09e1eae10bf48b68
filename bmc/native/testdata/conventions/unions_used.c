// why: a union whose members reinterpret one another's bytes is read
// exactly while the program names only members that overlay one another
// (here the pointer, never the double); gcc's cast to a union, (union u)
// x, fills the member of x's type; a static union's excess initialisers
// are ignored, as gcc ignores them; &g.f is an address constant.
// run: 0
// run: 4
// run: -9
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
struct cnt {
  int count;
};
union slot {
  struct cnt *ptr;
  double number;
};
union word {
  int i;
  double d;
};
union pair {
  int x;
  int y;
} excess = {1, 2};
struct cnt global = {5};
int *inside = &global.count;
int main(void) {
  int n = __VERIFIER_nondet_int();
  struct cnt c = {n};
  union slot s = {.ptr = &c};
  assert(s.ptr->count == n); // truth: holds; native: VERIFIED
  union word w = (union word)n;
  assert(w.i == n); // truth: holds; native: VERIFIED
  assert(excess.y == 1); // truth: holds; native: VERIFIED
  assert(*inside == 5); // truth: holds; native: VERIFIED
  assert(w.i != 4); // truth: fails; native: FALSIFIED
  return 0;
}
