// why: a callback parameter of function-pointer type, applied over an
// array.
// run: 0
// run: 1
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int neg(int x) { return -x; }
int ident(int x) { return x; }
void map(int *a, int n, int (*f)(int)) {
  for (int i = 0; i < n; i++)
    a[i] = f(a[i]);
}
int main(void) {
  int a[3] = {1, 2, 3};
  int c = __VERIFIER_nondet_int();
  map(a, 3, c ? neg : ident);
  assert(a[0] + a[1] + a[2] == (c ? -6 : 6)); // truth: holds; native: VERIFIED
  assert(a[2] == 3); // truth: fails; native: FALSIFIED
  return 0;
}
