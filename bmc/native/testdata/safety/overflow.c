// Signed overflow follows C after promotions.
#include <stdio.h>
extern char __VERIFIER_nondet_char(void);
extern unsigned __VERIFIER_nondet_uint(void);

int main(void) {
  char a = __VERIFIER_nondet_char();
  char b = __VERIFIER_nondet_char();
  char c = a + b; // want "signed-overflow: VERIFIED"
  c *= 3; // want "signed-overflow: VERIFIED"
  c++; // want "signed-overflow: VERIFIED"
  unsigned u = __VERIFIER_nondet_uint();
  unsigned v = u * u + 1u;
  int x;
  if (scanf("%d", &x) != 1)
    return 0;
  if (x > -1000 && x < 1000) {
    int y = x * 1000; // want "signed-overflow: VERIFIED"
    return y + c; // want "signed-overflow: VERIFIED"
  }
  int z = x + 1; // want "signed-overflow: FALSIFIED"
  long w = (long)x * 1000000; // want "signed-overflow: VERIFIED"
  int m = -x; // want "signed-overflow: FALSIFIED"
  // past both checks, z + m is 1
  return z + m + (int)(w & 1) + (int)(v & 1); // want "signed-overflow: VERIFIED" "signed-overflow: VERIFIED" "signed-overflow: VERIFIED"
}
