// INT_MIN / -1 overflows; so does INT_MIN % -1.
#include <limits.h>
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int a = __VERIFIER_nondet_int();
  int b = __VERIFIER_nondet_int();
  if (b == 0)
    return 0;
  if (a == INT_MIN && b == -1)
    return a % b; // want "division-by-zero: VERIFIED" "signed-overflow: FALSIFIED"
  return a / b; // want "division-by-zero: VERIFIED" "signed-overflow: VERIFIED"
}
