// As sum_of_steps_holds, but the steps add 1 and 2, or 2 and 2: a + b
// is 3*i only while the first branch is taken, which runs do not keep.
// run: 5 1 1 1 1 0
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
      b = b + 2;
    }
    i = i + 1;
  }
  __VERIFIER_assert(a + b == 3 * n);  // truth: fails; induction: bounded
  return 0;
}
