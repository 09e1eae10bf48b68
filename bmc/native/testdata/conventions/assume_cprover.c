// why: CBMC's __CPROVER_assume and ESBMC's __ESBMC_assume cut the runs
// whose condition is false, as __VERIFIER_assume does; the truth harness
// ends such a run as the replay's does. CBMC's __CPROVER_bool is _Bool
// (every build's header defines it; CBMC's apply_condition1), and
// __CPROVER_allocate(n, zero) is malloc(n), or calloc(1, n) when zero
// is not 0, which the header defines it as.
// run: 5 2
// run: 50 9
// run: -1 3
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
void __CPROVER_assume(_Bool);
void __ESBMC_assume(_Bool);
int main(void) {
  int x = __VERIFIER_nondet_int();
  __CPROVER_assume(x >= 0 && x < 10);
  int y = __VERIFIER_nondet_int();
  __ESBMC_assume(y > 1);
  assert(x < 10); // truth: holds; native: VERIFIED
  assert(x * y != 10); // truth: fails; native: FALSIFIED
  int *z = __CPROVER_allocate(2 * sizeof(int), 1);
  int *w = __CPROVER_allocate(sizeof(int), 0);
  *w = y;
  assert(z[0] == 0 && z[1] == 0 && *w > 1); // truth: holds; native: VERIFIED
  __CPROVER_bool b = y;
  assert(b == 1); // truth: holds; native: VERIFIED
  assert((__CPROVER_bool)(y - 2) == 1); // truth: fails; native: FALSIFIED
  return 0;
}
