// why: C99's variable-length arrays, of one dimension and of rows of a
// fixed size, filled through a parameter declared a[n], and made anew on
// each iteration of a loop; sizeof of one is its length when declared
// times its element's size (CBMC's Unbounded_Array4).
// run: 1
// run: 3
// run: 4
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void fill(int n, int a[n]) {
  for (int i = 0; i < n; i++)
    a[i] = i * 2;
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n > 0 && n <= 4);
  int a[n];
  int m[n][3];
  fill(n, a);
  for (int i = 0; i < n; i++)
    m[i][2] = a[i] + 1;
  assert(a[n - 1] == 2 * (n - 1)); // truth: holds; native: VERIFIED
  assert(m[n - 1][2] == 2 * n - 1); // truth: holds; native: VERIFIED
  assert(a[n - 1] != 6); // truth: fails; native: FALSIFIED
  int k0 = n;
  n++;
  assert(sizeof(a) == k0 * sizeof(int) && sizeof m == k0 * 3 * sizeof(int)); // truth: holds; native: VERIFIED
  assert(sizeof a != 12); // truth: fails; native: FALSIFIED
  n = k0;
  int last = 0;
  for (int k = 1; k <= n; k++) {
    int row[k];
    row[k - 1] = k;
    last = row[k - 1];
  }
  assert(last == n); // truth: holds; native: VERIFIED
  return 0;
}
