// expect: VERIFIED
#include <assert.h>
#include <stdio.h>
#include <string.h>
#define MAXN 5
int main(void) {
  int m[3][3];
  for (int i = 0; i < 3; i++) for (int j = 0; j < 3; j++) m[i][j] = (i == j) ? 1 : 0;
  int t = 0;
  for (int i = 0; i < 3; i++) t += m[i][i];
  assert(t == 3);
  return 0;
}
