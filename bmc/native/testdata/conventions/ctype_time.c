// why: isblank, iscntrl and isgraph in the C locale (glibc answers any
// non-zero bit of its table, so only whether the result is 0 is asked),
// and difftime: the exact difference rounded once to double.
// run: 32
// run: 9
// run: 127
// run: 65
// run: 0
#include <assert.h>
#include <ctype.h>
#include <time.h>
extern int __VERIFIER_nondet_int(void);
extern long __VERIFIER_nondet_long(void);
int main(void) {
  int c = __VERIFIER_nondet_int();
  if (c < 0 || c > 127)
    return 0;
  assert((isblank(c) != 0) == (c == ' ' || c == '\t')); // truth: holds; native: VERIFIED
  assert((iscntrl(c) != 0) == (c < 32 || c == 127)); // truth: holds; native: VERIFIED
  assert((isgraph(c) != 0) == (isprint(c) && c != ' ')); // truth: holds; native: VERIFIED
  time_t a = c, b = 3 * c;
  assert(difftime(a, b) == -2.0 * c); // truth: holds; native: VERIFIED
  assert(difftime(b, b) == 0.0); // truth: holds; native: VERIFIED
  assert(!isblank(c)); // truth: fails; native: FALSIFIED
  return 0;
}
