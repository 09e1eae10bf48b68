// Mutual recursion: isOdd and isEven are summarised together, each
// assuming the other's summary at its calls.
// run: 0
// run: 7
// run: 30
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
void __VERIFIER_assert(int c) { if (!c) reach_error(); }
int isEven(int n);
int isOdd(int n) {
  if (n == 0) return 0;
  if (n == 1) return 1;
  return isEven(n - 1);
}
int isEven(int n) {
  if (n == 0) return 1;
  if (n == 1) return 0;
  return isOdd(n - 1);
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0) return 0;
  __VERIFIER_assert(isOdd(n) == n % 2);  // truth: holds; native: VERIFIED
  return 0;
}
