// why: a function pointer member of a struct allocated with malloc.
// run: 7
#include <assert.h>
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
struct obj { int v; int (*get)(struct obj *); };
int get_v(struct obj *o) { return o->v; }
int get_twice(struct obj *o) { return 2 * o->v; }
int main(void) {
  struct obj *o = malloc(sizeof *o);
  o->v = __VERIFIER_nondet_int();
  o->get = get_v;
  assert(o->get(o) == o->v); // truth: holds; native: VERIFIED
  o->get = get_twice;
  assert(o->get(o) == o->v); // truth: fails; native: FALSIFIED
  free(o);
  return 0;
}
