// SV-COMP's own __VERIFIER_assert, holding: x & 1 is 0 or 1 for every x.
// truth: holds
// run: nondet=3
// run: nondet=-8
#include <stdlib.h>
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "sv_assert_good.c", 4, "reach_error"); }
extern unsigned int __VERIFIER_nondet_uint(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
int main(void) {
    unsigned x = __VERIFIER_nondet_uint();
    __VERIFIER_assert((x & 1u) <= 1u);
    return 0;
}
