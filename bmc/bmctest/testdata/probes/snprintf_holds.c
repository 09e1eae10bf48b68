// snprintf truncates to the buffer: "12345" into 4 bytes is "123" and a NUL.
// truth: holds
// run: nondet=
#include <assert.h>
#include <stdio.h>
int main(void) {
    char b[4];
    int n = snprintf(b, sizeof b, "%d", 12345);
    assert(n == 5 && b[3] == 0 && b[2] == '3');
    return 0;
}
