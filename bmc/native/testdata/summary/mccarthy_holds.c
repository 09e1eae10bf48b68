// McCarthy's 91 function, nested recursion: the piecewise summary (91 up
// to 100, x - 10 above) is proved and proves the assertion.
// run: 0
// run: 99
// run: 100
// run: 101
// run: 150
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
void __VERIFIER_assert(int c) { if (!c) reach_error(); }
int f91(int x) {
  if (x > 100) return x - 10;
  return f91(f91(x + 11));
}
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < 0 || x > 1000) return 0;
  int r = f91(x);
  __VERIFIER_assert(x > 100 || r == 91);  // truth: holds; native: VERIFIED
  return 0;
}
