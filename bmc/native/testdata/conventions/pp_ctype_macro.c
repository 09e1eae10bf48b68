// why: <ctype.h>'s functions are glibc macros over locale tables; read as
// the functions they stand for (the C locale), they give the same values.
// run: 48
// run: 65
// run: 10
#include <assert.h>
#include <ctype.h>
#include <stdio.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int c = __VERIFIER_nondet_int();
  if (c < 0 || c > 127)
    return 0;
  if (isdigit(c))
    assert(c >= '0' && c <= '9'); // truth: holds; native: VERIFIED
  assert(!isupper(c) || tolower(c) != 'a'); // truth: fails; native: FALSIFIED
  assert(c != EOF); // truth: holds; native: VERIFIED
  return 0;
}
