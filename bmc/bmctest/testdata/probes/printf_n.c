// Issue 16, case 1: printf's %n writes the count of characters printed
// (3, for "abc") into n, so n == 0 fails on every run.
// truth: fails
// run: nondet=
#include <assert.h>
#include <stdio.h>
int main(void) {
    int n = 0;
    printf("abc%n\n", &n);
    assert(n == 0);
    return 0;
}
