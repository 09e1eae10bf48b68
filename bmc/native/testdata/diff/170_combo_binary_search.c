// expect: FALSIFIED
#include <assert.h>
#include <stdio.h>
#include <string.h>
#define MAXN 5
int bsearch_buggy(int *a, int n, int key) {
  int lo = 0, hi = n - 1;
  while (lo < hi) {
    int mid = (lo + hi) / 2;
    if (a[mid] < key) lo = mid + 1; else hi = mid;
  }
  return (n > 0 && a[lo] == key) ? lo : -1;
}
int main(void) {
  int a[4] = {1, 3, 5, 7};
  int k;
  if (scanf("%d", &k) != 1) return 1;
  int r = bsearch_buggy(a, 4, k);
  assert(r == -1 || a[r] == k); // expect: VERIFIED
  assert(r != 3); // expect: FALSIFIED
  return 0;
}
