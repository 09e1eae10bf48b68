// why: a struct holding an array of function pointers (a vtable), copied
// by assignment and called through the copy.
// run: 0
// run: 1
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
struct vtable { int (*op[2])(int); };
int plus1(int x) { return x + 1; }
int times2(int x) { return x * 2; }
int main(void) {
  struct vtable a = {{plus1, times2}};
  struct vtable b = a;
  int i = __VERIFIER_nondet_int() ? 1 : 0;
  b.op[0] = b.op[1];
  int r = b.op[i](5);
  assert(r == 10); // truth: holds; native: VERIFIED
  assert(a.op[i](5) == 10); // truth: fails; native: FALSIFIED
  return 0;
}
