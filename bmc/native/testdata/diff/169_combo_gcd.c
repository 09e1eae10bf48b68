// expect: VERIFIED
// k: 8
#include <assert.h>
#include <stdio.h>
#include <string.h>
#define MAXN 5
int gcd(int a, int b) { while (b != 0) { int t = a % b; a = b; b = t; } return a; }
int main(void) {
  int a, b;
  if (scanf("%d %d", &a, &b) != 2) return 1;
  if (a < 1 || a > 20 || b < 1 || b > 20) return 1;
  int g = gcd(a, b);
  assert(g >= 1 && a % g == 0 && b % g == 0);
  return 0;
}
