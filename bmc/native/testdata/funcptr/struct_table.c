// why: a dispatch table of structs holding a name code and a handler,
// searched and called (the command-table idiom).
// run: 0
// run: 1
// run: 2
// run: 3
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
struct cmd { int code; int (*run)(int); };
int h_double(int x) { return 2 * x; }
int h_neg(int x) { return -x; }
int h_keep(int x) { return x; }
struct cmd cmds[3] = {{1, h_double}, {2, h_neg}, {3, h_keep}};
int dispatch(int code, int x) {
  for (int i = 0; i < 3; i++)
    if (cmds[i].code == code)
      return cmds[i].run(x);
  return 0;
}
int main(void) {
  int code = __VERIFIER_nondet_int();
  __VERIFIER_assume(code >= 0 && code <= 3);
  int r = dispatch(code, 5);
  assert(r == 10 || r == -5 || r == 5 || r == 0); // truth: holds; native: VERIFIED
  assert(code != 2 || r == -5); // truth: holds; native: VERIFIED
  assert(r != 0); // truth: fails; native: FALSIFIED
  return 0;
}
