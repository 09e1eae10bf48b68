// Compound assignments and increments are checked in the type C computes
// them in: unsigned char arithmetic is done in int.
extern int __VERIFIER_nondet_int(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern long __VERIFIER_nondet_long(void);

int main(void) {
  unsigned char c = __VERIFIER_nondet_uchar();
  c += 200; // want "signed-overflow: VERIFIED"
  c <<= 3; // want "shift: VERIFIED"
  int x = __VERIFIER_nondet_int();
  int d = __VERIFIER_nondet_int();
  x /= d; // want "division-by-zero: FALSIFIED" "signed-overflow: FALSIFIED"
  long n = __VERIFIER_nondet_long();
  if (n < 0)
    return 0;
  n++; // want "signed-overflow: FALSIFIED"
  x %= 7; // want "division-by-zero: VERIFIED" "signed-overflow: VERIFIED"
  return x + (int)c; // want "signed-overflow: VERIFIED"
}
