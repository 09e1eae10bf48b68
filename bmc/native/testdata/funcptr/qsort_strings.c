// why: qsort of an array of strings with strcmp in the comparator.
// run: 0
// run: 1
#include <assert.h>
#include <stdlib.h>
#include <string.h>
extern int __VERIFIER_nondet_int(void);
int by_str(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}
int main(void) {
  char *w[3] = {"pear", "apple", "fig"};
  if (__VERIFIER_nondet_int())
    w[2] = "banana";
  qsort(w, 3, sizeof w[0], by_str);
  assert(w[0][0] == 'a'); // truth: holds; native: VERIFIED
  assert(strcmp(w[1], w[2]) < 0); // truth: holds; native: VERIFIED
  assert(w[1][0] == 'f'); // truth: fails; native: FALSIFIED
  return 0;
}
