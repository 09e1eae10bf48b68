// Input read in the loop through a pointer (scanf): not inducted.
// run: stdin "1 1 1 1 1 1 0"
#include <assert.h>
#include <stdio.h>
int main(void) {
  int v = 1, n = 0;
  while (v && scanf("%d", &v) == 1) n++;
  assert(n != 7);  // truth: fails; induction: bounded
  return 0;
}
