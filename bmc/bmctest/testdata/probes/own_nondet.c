// The program's own __VERIFIER_nondet_int always returns 5: x != 5 fails.
// truth: fails
// run: nondet=
#include <assert.h>
int __VERIFIER_nondet_int(void) { return 5; }
int main(void) {
    int x = __VERIFIER_nondet_int();
    assert(x != 5);
    return 0;
}
