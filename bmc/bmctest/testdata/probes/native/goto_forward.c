// why: forward gotos (out of nested blocks and loops, to an error label and
// to a common exit) join the paths at their label; the code they skip does
// not run. The pattern of SV-COMP's locks and bitvector-regression tasks.
// run: 0 0
// run: 1 0
// run: 3 1
// run: 2 5
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  int n = 0, seen = 0;
  if (x == 0)
    goto out;
  for (int i = 0; i < 3; i++) {
    n++;
    if (i == x) {
      seen = 1;
      goto found;
    }
  }
  n = 100;
found:
  if (y > 4) {
    goto out;
  }
  n += 10;
out:
  assert(x != 0 || n == 0); // truth: holds; native: VERIFIED
  assert(seen == (x > 0 && x < 3)); // truth: holds; native: VERIFIED
  assert(n != 12); // truth: fails; native: FALSIFIED
  assert(n != 3); // truth: fails; native: FALSIFIED
  return 0;
}
