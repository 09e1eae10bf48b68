#include <assert.h>
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assume(int c) { } // want "reserved name"
int count;
void reach_error(void) { count++; }
int main(void) {
    int x = __VERIFIER_nondet_int();
    __VERIFIER_assume(x > 0);
    assert(x > 0);
    return 0;
}
