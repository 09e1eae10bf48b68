#include <assert.h>
extern int __VERIFIER_nondet_int(void);

int main(void) {
    int v[3];
    v[0] = __VERIFIER_nondet_int();
    v[1] = __VERIFIER_nondet_int();
    v[2] = __VERIFIER_nondet_int();
    for (int i = 0; i < 2; i++) {
        for (int j = 0; j < 2 - i; j++) {
            if (v[j] > v[j + 1]) {
                int t = v[j];
                v[j] = v[j + 1];
                v[j + 1] = t;
            }
        }
    }
    assert(v[0] <= v[1] && v[1] <= v[2]); // want "strong"
    return 0;
}
