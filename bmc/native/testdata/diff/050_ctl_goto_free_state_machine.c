// expect: FALSIFIED
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern char __VERIFIER_nondet_char(void);
extern long __VERIFIER_nondet_long(void);
extern void __VERIFIER_assume(int);
int main(void) {
  int state = 0;
  for (int step = 0; step < 4; step++) {
    int in = __VERIFIER_nondet_int();
    switch (state) {
    case 0: if (in == 1) state = 1; break;
    case 1: if (in == 2) state = 2; else state = 0; break;
    case 2: if (in == 3) state = 3; break;
    default: break;
    }
  }
  assert(state != 3);
  return 0;
}
