#include <assert.h>
extern int __VERIFIER_nondet_int(void);

int main(void) {
    int x = __VERIFIER_nondet_int();
    assert(x > 0); // false: an assumption for what follows
    if (x < 0) {
        assert(x == 5); // want "VACUOUS closed by assumptions"
    }
    return 0;
}
