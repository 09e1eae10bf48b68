// why: callbacks that write a global through a void function pointer.
// run: 0
// run: 1
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int total;
void add2(void) { total += 2; }
void add3(void) { total += 3; }
int main(void) {
  void (*step)(void) = add2;
  for (int i = 0; i < 4; i++) {
    if (i == 2 && __VERIFIER_nondet_int())
      step = add3;
    step();
  }
  assert(total == 8 || total == 10); // truth: holds; native: VERIFIED
  assert(total == 8); // truth: fails; native: FALSIFIED
  return 0;
}
