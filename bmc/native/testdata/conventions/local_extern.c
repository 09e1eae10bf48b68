// why: a declaration with extern inside a function names the global, even
// where a parameter or a local of the same name is in scope, and even when
// the global's definition comes after the function; an extern of an
// incomplete type that the program never uses is only a declaration.
// run: 2
// run: 5
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int param;
void f(int param) {
  {
    extern int param;
    assert(param == 2); // truth: fails; native: FALSIFIED
    extern int later;
    assert(later == param + 1); // truth: fails; native: FALSIFIED
    extern struct never_defined unused;
  }
  assert(param == 7); // truth: holds; native: VERIFIED
}
int later;
int main(void) {
  param = __VERIFIER_nondet_int();
  later = param + 1;
  if (param == 5) later = 0;
  f(7);
  return 0;
}
