// The second loop needs what the first proved: k == i there, so k == n
// when it ends. Its step case skips the first loop, to a state where the
// first loop's invariants hold.
// run: 3
// run: 0
// run: -2
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
void __VERIFIER_assert(int c) { if (!c) reach_error(); }
int main(void) {
  int n = __VERIFIER_nondet_int();
  int i = 0, k = 0;
  while (i < n) {
    i++;
    k++;
  }
  int j = 0;
  while (j < n) {
    __VERIFIER_assert(k > 0);  // truth: holds; induction: proved
    j++;
    k--;
  }
  return 0;
}
