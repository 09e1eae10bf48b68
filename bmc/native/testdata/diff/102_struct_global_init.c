// expect: VERIFIED
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern char __VERIFIER_nondet_char(void);
extern long __VERIFIER_nondet_long(void);
extern void __VERIFIER_assume(int);
struct cfg { int w; int h; } config = {640, 480};
int main(void) {
  assert(config.w * config.h == 307200);
  return 0;
}
