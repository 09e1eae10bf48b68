// expect: VERIFIED
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "prog.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
void __VERIFIER_assert(int cond) {
  if (!(cond)) {
    ERROR: {reach_error();abort();}
  }
  return;
}
void assume_abort_if_not(int cond) {
  if(!cond) {abort();}
}
int main() {
  unsigned int n = __VERIFIER_nondet_uint();
  assume_abort_if_not(n <= 4u);
  unsigned int i, s = 0;
  for (i = 0; i < n; i++) s += 2;
  __VERIFIER_assert(s == 2 * n);
  return 0;
}
