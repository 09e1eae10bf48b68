// Issue 16, case 5: malloc may return NULL in C; a real run on this machine
// gets memory. A fact about p != 0 holds only under the assumption that
// malloc never fails, which the report must list.
// truth: holds
// assumes: malloc never fails
// run: nondet=
#include <assert.h>
#include <stdlib.h>
int main(void) {
    int *p = malloc(sizeof *p);
    assert(p != 0);
    free(p);
    return 0;
}
