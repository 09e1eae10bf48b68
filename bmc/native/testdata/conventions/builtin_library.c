// why: gcc's built-ins of library functions (__builtin_memset,
// __builtin_strlen, ...) do what the functions do, and
// __builtin_expect(e, c) is e; programs and the headers' macros call them.
// run: 3
// run: 0
// run: -7
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  char a[8];
  __builtin_memset(a, 'x', sizeof a);
  a[7] = 0;
  char b[8];
  __builtin_strcpy(b, "hey");
  assert(__builtin_strlen(a) == 7); // truth: holds; native: VERIFIED
  assert(__builtin_strcmp(b, "hey") == 0); // truth: holds; native: VERIFIED
  if (__builtin_expect(n > 0, 1)) {
    assert(n != 3); // truth: fails; native: FALSIFIED
  }
  assert(__builtin_expect(n, 0) == n); // truth: holds; native: VERIFIED
  return 0;
}
