// A callee whose loop runs past k; the caller's assertions after the call.
// run: nondet=
#include <assert.h>
int g;
void fill(void) { for (int i = 0; i < 20; i++) g += 3; }
int main(void) {
    fill();
    assert(g == 60); // truth: holds
    assert(g != 60); // truth: fails
    return 0;
}
