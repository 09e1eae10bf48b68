// why: function pointers to functions that return pointers into an
// array.
// run: 0
// run: 1
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int data[4] = {4, 3, 2, 1};
int *first(void) { return &data[0]; }
int *last(void) { return &data[3]; }
int main(void) {
  int *(*pick)(void) = __VERIFIER_nondet_int() ? first : last;
  int *p = pick();
  assert(*p == 4 || *p == 1); // truth: holds; native: VERIFIED
  *p = 9;
  assert(data[0] + data[3] == 10 || data[0] + data[3] == 13); // truth: holds; native: VERIFIED
  assert(data[0] == 9); // truth: fails; native: FALSIFIED
  return 0;
}
