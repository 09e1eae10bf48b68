// expect: FALSIFIED
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern char __VERIFIER_nondet_char(void);
extern long __VERIFIER_nondet_long(void);
extern void __VERIFIER_assume(int);
int main(void) {
  int m[3][3];
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 3; j++)
      m[i][j] = i * 3 + j;
  int r = __VERIFIER_nondet_int(), c = __VERIFIER_nondet_int();
  __VERIFIER_assume(r >= 0 && r < 3 && c >= 0 && c < 3);
  assert(m[r][c] != 7);
  return 0;
}
