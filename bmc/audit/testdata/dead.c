#include <assert.h>
extern int __VERIFIER_nondet_int(void);

int main(void) {
    int x = __VERIFIER_nondet_int();
    if (x > 10 && x < 5) {
        assert(x > 100); // want "VACUOUS unreachable code"
    }
    return 0;
}
