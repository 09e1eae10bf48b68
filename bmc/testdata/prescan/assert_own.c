#include <assert.h>
#include <stdio.h>
int failures;
#undef assert
#define assert(c) do { if (!(c)) { failures++; printf("failed\n"); } } while (0) // want "assert macro"
int main(void) {
    int x = 1;
    assert(x == 1);
    return failures;
}
