// expect: VERIFIED
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern char __VERIFIER_nondet_char(void);
extern long __VERIFIER_nondet_long(void);
extern void __VERIFIER_assume(int);
struct item { int id; int qty; };
int main(void) {
  struct item inv[3] = {{1, 5}, {2, 0}, {3, 7}};
  int total = 0;
  for (int i = 0; i < 3; i++) total += inv[i].qty;
  assert(total == 12);
  return 0;
}
