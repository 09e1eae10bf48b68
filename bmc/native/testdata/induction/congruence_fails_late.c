// The congruence holds, but the assertion fails after ten steps: no
// invariant may prove it.
// run: 1 1 1 1 1 1 1 1 1 1 0
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
void __VERIFIER_assert(int c) { if (!c) reach_error(); }
int main(void) {
  unsigned x = 5;
  while (__VERIFIER_nondet_int())
    x += 8;
  __VERIFIER_assert(x != 85);  // truth: fails; induction: bounded
  return 0;
}
