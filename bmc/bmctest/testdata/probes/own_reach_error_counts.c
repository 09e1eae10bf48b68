// Issue 16, case 2: the program's own reach_error counts and returns. The
// call is reached (a1 fails), and after it cnt is 1 (a2 fails).
// truth: fails
// run: nondet=
#include <assert.h>
int cnt = 0;
void reach_error(void) { cnt++; }
int main(void) {
    reach_error();
    assert(cnt == 0);
    return 0;
}
