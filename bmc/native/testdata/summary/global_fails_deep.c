// A recursion that counts in a global cannot be summarised (the call
// changes more than its result); the failure 30 deep is past the bound
// and must not be proved away.
// run: 30
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
void __VERIFIER_assert(int c) { if (!c) reach_error(); }
int calls;
int down(int x) {
  calls++;
  if (x <= 0) return 0;
  return down(x - 1);
}
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < 0 || x > 100) return 0;
  down(x);
  __VERIFIER_assert(calls != 31);  // truth: fails
  return 0;
}
