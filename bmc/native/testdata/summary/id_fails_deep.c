// id(x) == x by recursion 40 deep before the assertion fails: far past
// the bound, the summary finds the input and a run under gcc shows it.
// run: 40
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
void __VERIFIER_assert(int c) { if (!c) reach_error(); }
int id(int x) {
  if (x == 0) return 0;
  return id(x - 1) + 1;
}
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < 0 || x > 1000) return 0;
  __VERIFIER_assert(id(x) != 40);  // truth: fails; native: FALSIFIED
  return 0;
}
