// why: a static global table of function pointers with a NULL entry,
// checked before the call.
// run: 0
// run: 1
// run: 2
// run: 3
#include <assert.h>
#include <stddef.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
static int zero(void) { return 0; }
static int one(void) { return 1; }
static int seven(void) { return 7; }
static int (*const table[4])(void) = {zero, one, NULL, seven};
int main(void) {
  int i = __VERIFIER_nondet_int();
  __VERIFIER_assume(i >= 0 && i < 4);
  int r = -1;
  if (table[i] != NULL)
    r = table[i]();
  assert(r != 2); // truth: holds; native: VERIFIED
  assert(r <= 7); // truth: holds; native: VERIFIED
  assert(r >= 0); // truth: fails; native: FALSIFIED
  return 0;
}
