// The sum by recursion on n: its summary sum(n, m) == n + m, proved by
// induction over the recursion, proves the assertion for every depth.
// run: 0 0
// run: 5 7
// run: 4294967295 3
extern unsigned __VERIFIER_nondet_uint(void);
extern void reach_error(void);
void __VERIFIER_assert(int c) { if (!c) reach_error(); }
unsigned sum(unsigned n, unsigned m) {
  if (n == 0) return m;
  return sum(n - 1, m + 1);
}
int main(void) {
  unsigned a = __VERIFIER_nondet_uint();
  unsigned b = __VERIFIER_nondet_uint();
  if (a > 100) return 0;
  __VERIFIER_assert(sum(a, b) == a + b);  // truth: holds; native: VERIFIED
  return 0;
}
