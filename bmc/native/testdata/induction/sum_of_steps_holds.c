// Each step adds 1 and 2 to a and b, in either order: a + b == 3*i at
// every head, an invariant over three variables.
// run: 3 1 0 1
// run: 0
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
void __VERIFIER_assert(int c) { if (!c) reach_error(); }
int main(void) {
  int i = 0, a = 0, b = 0, n = __VERIFIER_nondet_int();
  if (n < 0 || n > 1000000) return 0;
  while (i < n) {
    if (__VERIFIER_nondet_int()) {
      a = a + 1;
      b = b + 2;
    } else {
      a = a + 2;
      b = b + 1;
    }
    i = i + 1;
  }
  __VERIFIER_assert(a + b == 3 * n);  // truth: holds; induction: proved
  return 0;
}
