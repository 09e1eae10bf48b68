// why: a reach_error that counts and returns: execution goes on after the call,
// with the count raised (a model that ends the program there proves a2).
// run: 5
// run: 4
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int cnt = 0;
void reach_error(void) { cnt++; }
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x == 5)
    reach_error(); // truth: fails; native: FALSIFIED
  assert(cnt == 0); // truth: fails; native: FALSIFIED
  return 0;
}
