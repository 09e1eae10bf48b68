// expect: FALSIFIED
// k: 16
#include <assert.h>
#include <stdio.h>
#include <string.h>
#define MAXN 5
int main(void) {
  char line[16];
  if (fgets(line, sizeof line, stdin) == NULL) return 0;
  int words = 0, in = 0;
  for (int i = 0; line[i] != 0; i++) {
    if (line[i] == ' ' || line[i] == '\n') in = 0;
    else if (!in) { in = 1; words++; }
  }
  assert(words < 3);
  return 0;
}
