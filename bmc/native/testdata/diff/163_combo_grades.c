// expect: FALSIFIED
#include <assert.h>
#include <stdio.h>
#include <string.h>
#define MAXN 5
char grade(int score) {
  if (score >= 90) return 'A';
  if (score >= 80) return 'B';
  if (score >= 70) return 'C';
  return 'F';
}
int main(void) {
  int n, s;
  int counts[4] = {0};
  if (scanf("%d", &n) != 1 || n < 0 || n > 3) return 1;
  for (int i = 0; i < n; i++) {
    if (scanf("%d", &s) != 1 || s < 0 || s > 100) return 1;
    char g = grade(s);
    switch (g) { case 'A': counts[0]++; break; case 'B': counts[1]++; break; case 'C': counts[2]++; break; default: counts[3]++; }
  }
  assert(counts[0] + counts[1] + counts[2] + counts[3] == n); // expect: VERIFIED
  assert(counts[0] < 3); // expect: FALSIFIED
  return 0;
}
