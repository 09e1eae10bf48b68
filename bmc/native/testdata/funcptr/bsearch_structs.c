// why: bsearch over structs with a key of another type than the
// elements (the key is an int, the elements are records).
// run: 20
// run: 25
#include <assert.h>
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
struct rec { int id; int value; };
int by_id(const void *k, const void *e) {
  int id = *(const int *)k;
  const struct rec *r = e;
  return id < r->id ? -1 : id > r->id;
}
struct rec table[4] = {{10, 1}, {20, 2}, {30, 3}, {40, 4}};
int main(void) {
  int id = __VERIFIER_nondet_int();
  struct rec *r = bsearch(&id, table, 4, sizeof table[0], by_id);
  assert(!r || r->value * 10 == id); // truth: holds; native: VERIFIED
  assert(id != 20 || (r && r->value == 2)); // truth: holds; native: VERIFIED
  assert(r == NULL); // truth: fails; native: FALSIFIED
  return 0;
}
