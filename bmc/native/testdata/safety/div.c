// Division and remainder: guarded and unguarded divisors.
extern int __VERIFIER_nondet_int(void);

int safe_avg(int sum, int n) {
  if (n <= 0)
    return 0;
  return sum / n; // want "division-by-zero: VERIFIED" "signed-overflow: VERIFIED"
}

int main(void) {
  int n = __VERIFIER_nondet_int();
  int d = __VERIFIER_nondet_int();
  int q = safe_avg(n, d);
  if (d != 0 && 100 / d > 2) // want "division-by-zero: VERIFIED"
    q = 1;
  q = d == 0 ? 0 : 7 % d; // want "division-by-zero: VERIFIED"
  q = q / 3; // want "division-by-zero: VERIFIED" "signed-overflow: VERIFIED"
  int r = 1000 / (d - 4); // want "division-by-zero: FALSIFIED" "signed-overflow: FALSIFIED"
  unsigned u = (unsigned)n % 10u; // want "division-by-zero: VERIFIED"
  return q + r + (int)u; // want "signed-overflow: VERIFIED"
}
