// why: bsearch in a sorted constant array for a nondet key.
// run: 5
// run: 4
// run: 11
// run: -1
#include <assert.h>
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
int cmp(const void *k, const void *e) {
  int x = *(const int *)k, y = *(const int *)e;
  return (x > y) - (x < y);
}
int main(void) {
  int a[6] = {1, 3, 5, 7, 9, 11};
  int key = __VERIFIER_nondet_int();
  int *p = bsearch(&key, a, 6, sizeof a[0], cmp);
  assert(p == NULL || *p == key); // truth: holds; native: VERIFIED
  assert(!(key == 5) || p == &a[2]); // truth: holds; native: VERIFIED
  assert(key % 2 == 0 || key < 1 || key > 11 || p != NULL); // truth: holds; native: VERIFIED
  assert(p != NULL); // truth: fails; native: FALSIFIED
  return 0;
}
