// abs(INT_MIN) is undefined in C: glibc's abs returns INT_MIN, while gcc
// folds abs(x) >= 0 to true even at -O0. No verdict is a fact.
// truth: undefined
#include <assert.h>
#include <limits.h>
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
    int x = __VERIFIER_nondet_int();
    assert(abs(x) >= 0);
    return 0;
}
