// expect: VERIFIED
#include <assert.h>
#include <stdio.h>
#include <string.h>
#define MAXN 5
void shift(char *s, int k) {
  for (int i = 0; s[i] != 0; i++) if (s[i] >= 'a' && s[i] <= 'z') s[i] = 'a' + (s[i] - 'a' + k) % 26;
}
int main(void) {
  char w[6] = "abyz";
  shift(w, 2);
  assert(w[0] == 'c' && w[2] == 'a' && w[3] == 'b');
  return 0;
}
