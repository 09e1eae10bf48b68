// As sequential_holds, but the second loop runs one step more than the
// first counted: k reaches 0 at the last step, after n steps of each.
// run: 12
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
void __VERIFIER_assert(int c) { if (!c) reach_error(); }
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 10) return 0;
  int i = 0, k = 0;
  while (i < n) {
    i++;
    k++;
  }
  int j = 0;
  while (j <= n) {
    __VERIFIER_assert(k > 0);  // truth: fails; induction: bounded
    j++;
    k--;
  }
  return 0;
}
