// Shift counts must be below the width; a signed left shift must not
// reach the sign bit.
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int s = __VERIFIER_nondet_int();
  unsigned r = 0;
  if (s >= 0 && s < 32)
    r = 1u << s; // want "shift: VERIFIED"
  int t = 0;
  if (s >= 0 && s < 31)
    t = 1 << s; // want "shift: VERIFIED"
  if (s > 0)
    t = t + (1 << s); // want "shift: FALSIFIED" "signed-overflow: .*"
  return (int)r + t; // want "signed-overflow: .*"
}
