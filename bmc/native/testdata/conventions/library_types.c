// why: <time.h> and <wchar.h> name integer types (time_t, clock_t,
// wchar_t, wint_t), which are glibc's on x86-64; time(&t) stores what it
// returns.
// run: 4
#include <assert.h>
#include <time.h>
#include <wchar.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  time_t t;
  time_t r = time(&t);
  assert(r == t); // truth: holds; native: VERIFIED
  wchar_t w = __VERIFIER_nondet_int();
  wint_t u = w;
  assert(sizeof(wchar_t) == 4 && sizeof(time_t) == 8 && sizeof(clock_t) == 8); // truth: holds; native: VERIFIED
  assert(u != 4); // truth: fails; native: FALSIFIED
  return 0;
}
