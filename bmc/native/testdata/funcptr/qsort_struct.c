// why: qsort of structs by a key; equal keys may come in either order
// (glibc's merge is stable, the model allows both), so only the keys are
// asserted.
// run: 2 1
// run: 1 1
#include <assert.h>
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
struct item { int key; char tag; };
int by_key(const void *a, const void *b) {
  const struct item *x = a, *y = b;
  return (x->key > y->key) - (x->key < y->key);
}
int main(void) {
  struct item it[3] = {{0, 'a'}, {0, 'b'}, {0, 'c'}};
  it[0].key = __VERIFIER_nondet_int();
  it[1].key = __VERIFIER_nondet_int();
  it[2].key = 0;
  if (it[0].key < -10 || it[0].key > 10 || it[1].key < -10 || it[1].key > 10)
    return 0;
  qsort(it, 3, sizeof(struct item), by_key);
  assert(it[0].key <= it[1].key && it[1].key <= it[2].key); // truth: holds; native: VERIFIED
  assert(it[0].tag + it[1].tag + it[2].tag == 'a' + 'b' + 'c'); // truth: holds; native: VERIFIED
  assert(it[0].tag != 'c' || it[1].key == 0); // truth: fails; native: FALSIFIED
  return 0;
}
