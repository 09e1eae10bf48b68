// Issue 16, case 1: sprintf writes "42" into b, so b[1] is '2', not '3'.
// truth: fails
// run: nondet=
#include <assert.h>
#include <stdio.h>
int main(void) {
    char b[8] = {0};
    sprintf(b, "%d", 42);
    assert(b[1] == '3');
    return 0;
}
