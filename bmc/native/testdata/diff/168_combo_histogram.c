// expect: VERIFIED
#include <assert.h>
#include <stdio.h>
#include <string.h>
#define MAXN 5
int main(void) {
  int hist[MAXN] = {0};
  int x;
  int total = 0;
  for (int i = 0; i < 3; i++) {
    if (scanf("%d", &x) != 1) break;
    if (x < 0 || x >= MAXN) continue;
    hist[x]++;
    total++;
  }
  int s = 0;
  for (int i = 0; i < MAXN; i++) s += hist[i];
  assert(s == total);
  return 0;
}
