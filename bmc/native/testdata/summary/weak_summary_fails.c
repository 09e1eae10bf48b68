// Fibonacci has no linear summary: what the summaries leave open must
// be found by a run, or stay unknown; it must never be proved.
// run: 20
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
void __VERIFIER_assert(int c) { if (!c) reach_error(); }
int fib(int n) {
  if (n < 2) return n;
  return fib(n - 1) + fib(n - 2);
}
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < 0 || x > 25) return 0;
  __VERIFIER_assert(fib(x) != 6765);  // truth: fails
  return 0;
}
