#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

int main(void) {
    int n = __VERIFIER_nondet_int();
    __VERIFIER_assume(n >= 8 && n <= 10);
    int i = 0;
    while (i < n) {
        i++;
    }
    assert(i == n); // want "VACUOUS cut by the bound"
    return 0;
}
