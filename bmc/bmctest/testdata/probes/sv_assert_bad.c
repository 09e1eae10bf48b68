// SV-COMP's own __VERIFIER_assert, failing for x == 3.
// truth: fails
// run: nondet=3
#include <stdlib.h>
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "sv_assert_bad.c", 4, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
int main(void) {
    int x = __VERIFIER_nondet_int();
    __VERIFIER_assert(x != 3);
    return 0;
}
