// why: a comparator with a side effect (it counts its calls): bsearch's
// comparisons are glibc's loop, so the count is exact.
// run: 0
// run: 4
// run: 7
#include <assert.h>
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
int calls;
int cmp(const void *k, const void *e) {
  calls++;
  return *(const int *)k - *(const int *)e;
}
int main(void) {
  int a[7] = {0, 1, 2, 3, 4, 5, 6};
  int key = __VERIFIER_nondet_int();
  if (key < -100 || key > 100)
    return 0;
  bsearch(&key, a, 7, sizeof(int), cmp);
  assert(calls >= 1 && calls <= 3); // truth: holds; native: VERIFIED
  assert(key != 3 || calls == 1); // truth: holds; native: VERIFIED
  assert(calls != 3); // truth: fails; native: FALSIFIED
  return 0;
}
