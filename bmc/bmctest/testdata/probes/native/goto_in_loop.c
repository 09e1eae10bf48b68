// why: a goto inside a loop body to a label later in the same body (each
// iteration's goto joins that iteration's label), and out of two loops.
// run: 0
// run: 1
// run: 2
// run: 3
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  int odd = 0, even = 0, hit = -1;
  for (int i = 0; i < 4; i++) {
    if (i % 2)
      goto skip;
    even++;
    continue;
  skip:
    odd++;
  }
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++)
      if (i + j == x) {
        hit = i * 3 + j;
        goto done;
      }
done:
  assert(odd == 2 && even == 2); // truth: holds; native: VERIFIED
  assert(x < 0 || x > 2 || hit == x); // truth: holds; native: VERIFIED
  assert(hit != 2); // truth: fails; native: FALSIFIED
  return 0;
}
