// The summary holds (sum(n, m) == n + m), and the assertion fails only
// where the sum is 50, 50 calls deep.
// run: 50
extern unsigned __VERIFIER_nondet_uint(void);
extern void reach_error(void);
void __VERIFIER_assert(int c) { if (!c) reach_error(); }
unsigned sum(unsigned n, unsigned m) {
  if (n == 0) return m;
  return sum(n - 1, m + 1);
}
int main(void) {
  unsigned a = __VERIFIER_nondet_uint();
  if (a > 100) return 0;
  __VERIFIER_assert(sum(a, 0) != 50);  // truth: fails; native: FALSIFIED
  return 0;
}
