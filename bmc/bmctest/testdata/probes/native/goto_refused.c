// why: gotos the engine does not follow: backward, into a loop, past a
// declaration into its scope: UNKNOWN.
// run: 1
// run: 3
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int back(int n) {
top:
  if (n > 0) { n--; goto top; }
  return n;
}
int into(int n) {
  if (n > 2) goto inside;
  while (n < 5) {
    n++;
  inside:
    n += 2;
  }
  return n;
}
int past(int n) {
  if (n > 2) goto after;
  int t = 4;
after:
  return n;
}
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x == 1) {
    assert(back(x) == 0); // truth: holds; native: UNKNOWN
  }
  if (x == 3) {
    assert(into(x) == 5); // truth: holds; native: UNKNOWN
  }
  if (x == 5) {
    assert(past(x) == 5); // truth: holds; native: UNKNOWN
  }
  return 0;
}
