// why: a callback with a context pointer passed as void*, the C idiom
// for closures.
// run: 3
// run: -2
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
struct acc { int sum; int count; };
void visit(void *ctx, int v) {
  struct acc *a = ctx;
  a->sum += v;
  a->count++;
}
void each(int *xs, int n, void (*cb)(void *, int), void *ctx) {
  for (int i = 0; i < n; i++)
    cb(ctx, xs[i]);
}
int main(void) {
  int v = __VERIFIER_nondet_int();
  int xs[3] = {1, v, 5};
  struct acc a = {0, 0};
  each(xs, 3, visit, &a);
  assert(a.count == 3); // truth: holds; native: VERIFIED
  assert(a.sum == v + 6); // truth: holds; native: VERIFIED
  assert(a.sum > 6); // truth: fails; native: FALSIFIED
  return 0;
}
