// Issue 16, case 2: the program's own reach_error asserts 0; main calls it,
// so the call (SV-COMP's assertion) is reached on every run.
// truth: fails
// run: nondet=
#include <assert.h>
void reach_error(void) { assert(0); }
int main(void) {
    reach_error();
    return 0;
}
