// why: a callback handed down through two levels of calls and stored in
// a local of each.
// run: 2
// run: 9
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
typedef int (*pred)(int);
int is_even(int x) { return x % 2 == 0; }
int is_small(int x) { return x < 5; }
int count_if(const int *a, int n, pred p) {
  int c = 0;
  for (int i = 0; i < n; i++)
    c += p(a[i]) != 0;
  return c;
}
int both(const int *a, int n, pred p, pred q) {
  pred first = p, second = q;
  return count_if(a, n, first) + count_if(a, n, second);
}
int main(void) {
  int v = __VERIFIER_nondet_int();
  int a[3] = {1, 4, v};
  int r = both(a, 3, is_even, is_small);
  assert(r >= 3 && r <= 5); // truth: holds; native: VERIFIED
  assert(r != 5); // truth: fails; native: FALSIFIED
  return 0;
}
