// expect: VERIFIED
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern char __VERIFIER_nondet_char(void);
extern long __VERIFIER_nondet_long(void);
extern void __VERIFIER_assume(int);
void count_swaps(int *a, int n, int *total_swaps) {
  *total_swaps = 0;
  for (int i = 0; i + 1 < n; i++)
    if (a[i] > a[i + 1]) { int t = a[i]; a[i] = a[i + 1]; a[i + 1] = t; (*total_swaps)++; }
}
int main(void) {
  int a[3];
  for (int i = 0; i < 3; i++) a[i] = __VERIFIER_nondet_int();
  int sw;
  count_swaps(a, 3, &sw);
  assert(sw >= 0 && sw <= 2);
  assert(a[1] <= a[2]);
  return 0;
}
