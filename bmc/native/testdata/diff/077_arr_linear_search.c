// expect: FALSIFIED
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern char __VERIFIER_nondet_char(void);
extern long __VERIFIER_nondet_long(void);
extern void __VERIFIER_assume(int);
int find(int *a, int n, int key) { for (int i = 0; i < n; i++) if (a[i] == key) return i; return -1; }
int main(void) {
  int a[4] = {3, 1, 4, 1};
  int k = __VERIFIER_nondet_int();
  int r = find(a, 4, k);
  assert(r != 2);
  return 0;
}
