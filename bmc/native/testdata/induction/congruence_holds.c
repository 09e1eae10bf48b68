// A loop's step makes a congruence invariant: x stays 5 modulo 8, which
// the step case needs to keep the low bits.
// run: 1 1 1 0
// run: 0
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
void __VERIFIER_assert(int c) { if (!c) reach_error(); }
int main(void) {
  unsigned x = 5;
  while (__VERIFIER_nondet_int())
    x += 8;
  __VERIFIER_assert((x & 7) == 5);  // truth: holds; induction: proved
  return 0;
}
