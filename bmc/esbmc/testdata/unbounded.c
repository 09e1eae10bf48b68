#include <assert.h>

int main(void) {
    int n = __VERIFIER_nondet_int();
    if (n < 0 || n > 8) return 0;
    int s = 0;
    for (int i = 0; i < n; i++) s++;
    assert(s <= 8);
    return 0;
}
