// The condition itself changes the counter.
// run: 7
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  int i = 0;
  while (i++ < n) ;
  assert(i != 8);  // truth: fails; induction: bounded
  return 0;
}
