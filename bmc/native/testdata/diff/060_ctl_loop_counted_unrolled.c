// expect: FALSIFIED
// unwinding: true
#include <assert.h>
int main(void) {
  /* the counter decides the condition: asked for every execution, the
     loop runs its 100 iterations past the bound, and the assertion fails
     as on a real run */
  int i = 0;
  while (i < 100) i++;
  assert(i == 7);
  return 0;
}
