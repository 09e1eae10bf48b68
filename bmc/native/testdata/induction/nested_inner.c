// A nested loop whose bound depends on the outer loop's counter.
// run: 1 1 1 1 1 1 0
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int i = 0, s = 0;
  while (__VERIFIER_nondet_int()) {
    for (int j = 0; j < i; j++) s++;
    i++;
  }
  assert(s != 15);  // truth: fails; induction: bounded
  return 0;
}
