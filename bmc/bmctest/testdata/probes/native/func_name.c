// why: __func__ and __PRETTY_FUNCTION__ are the enclosing function's name.
#include <assert.h>
#include <string.h>
int main(void) {
  assert(__func__[0] == 'm'); // truth: holds; native: VERIFIED
  assert(sizeof(__PRETTY_FUNCTION__) == 5); // truth: holds; native: VERIFIED
  assert(__PRETTY_FUNCTION__[4] == 0); // truth: holds; native: VERIFIED
  assert(__func__[1] == 'x'); // truth: fails; native: FALSIFIED
  return 0;
}
