#include <assert.h>

unsigned int mix(unsigned int x) {
    for (int i = 0; i < 64; i++) x = x * 2654435761u ^ (x >> 13) * 40503u;
    return x;
}

int main(void) {
    unsigned int x = __VERIFIER_nondet_uint();
    unsigned int y = __VERIFIER_nondet_uint();
    assert(mix(x) != mix(y) || x == y);
    return 0;
}
