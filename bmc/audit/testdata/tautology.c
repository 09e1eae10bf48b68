#include <assert.h>
extern int __VERIFIER_nondet_int(void);

int main(void) {
    int a = __VERIFIER_nondet_int();
    int b = __VERIFIER_nondet_int();
    int n = 0;
    if (a < b) {
        n = b - a;
    } else {
        n = a - b + 1;
    }
    n = n * 2;
    assert(n == n); // want "weak"
    return 0;
}
