// expect: FALSIFIED
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
  int a = __VERIFIER_nondet_int();
  assume_abort_if_not(a > 0 && a < 100);
  __VERIFIER_assert(a != 50); // expect: FALSIFIED
  __VERIFIER_assert(a < 100); // expect: VERIFIED
  return 0;
}
