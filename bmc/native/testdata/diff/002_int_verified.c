// expect: VERIFIED
#include <assert.h>
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x > 10 && x < 100) {
    int y = x * 2;
    assert(y > 20);
  }
  return 0;
}
