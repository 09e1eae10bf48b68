// A comparison function handed to qsort runs inside the C library: its
// assertion fails on every run (it is called with two distinct elements).
// truth: fails
// run: nondet=
#include <assert.h>
#include <stdlib.h>
static int cmp(const void *a, const void *b) {
    int x = *(const int *)a, y = *(const int *)b;
    assert(x == y);
    return (x > y) - (x < y);
}
int main(void) { int v[3] = {3, 1, 2}; qsort(v, 3, sizeof v[0], cmp); return v[0]; }
