// why: a program may define the names <stdbool.h> and <stddef.h> would
// (typedef _Bool bool; typedef int size_t;), which the grammar reads as
// built-in types: the program's definitions are the types.
// run: 1 -4
// run: 0 9
#include <assert.h>
typedef _Bool bool;
typedef int size_t;
extern int __VERIFIER_nondet_int(void);
int main(void) {
  bool v = __VERIFIER_nondet_int();
  size_t n = __VERIFIER_nondet_int();
  if (v) assert(v == 1); // truth: holds; native: VERIFIED
  assert(n >= 0 || (size_t)-1 < 0); // truth: holds; native: VERIFIED
  assert(n < 5); // truth: fails; native: FALSIFIED
  return 0;
}
