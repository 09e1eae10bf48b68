#include <assert.h>
int calls;
int abs(int x) { calls++; return x < 0 ? -x : x; } // want "reserved name"
int main(void) {
    assert(abs(-3) == 3 && calls == 1);
    return 0;
}
