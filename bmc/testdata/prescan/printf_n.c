#include <assert.h>
#include <stdio.h>
int main(void) {
    int n = 0;
    printf("abc%n\n", &n); // want "printf %n"
    printf("100%%n is fine\n");
    const char *f = "%d\n";
    printf(f, n); // want "printf %n"
    fprintf(stderr, "%5n", &n); // want "printf %n"
    assert(n == 0);
    return 0;
}
