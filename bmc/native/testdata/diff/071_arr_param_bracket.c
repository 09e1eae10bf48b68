// expect: FALSIFIED
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern char __VERIFIER_nondet_char(void);
extern long __VERIFIER_nondet_long(void);
extern void __VERIFIER_assume(int);
void fill(int a[], int n, int v) { for (int i = 0; i < n; i++) a[i] = v; }
int main(void) {
  int a[3];
  int v = __VERIFIER_nondet_int();
  fill(a, 3, v);
  assert(a[1] != 5);
  return 0;
}
