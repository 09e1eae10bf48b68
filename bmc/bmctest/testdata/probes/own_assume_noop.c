// Issue 16, case 2: the program's own __VERIFIER_assume does nothing, so x
// may be -1 at the assertion.
// truth: fails
// run: nondet=-1
// run: nondet=4
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assume(int c) { (void)c; }
int main(void) {
    int x = __VERIFIER_nondet_int();
    __VERIFIER_assume(x > 0);
    assert(x > 0);
    return 0;
}
