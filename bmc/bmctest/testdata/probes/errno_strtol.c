// strtol of a number too long for a long sets errno to ERANGE: the
// assertion after it fails on every run, and every run reaches it.
// truth: fails
// run: nondet=
#include <assert.h>
#include <errno.h>
#include <stdlib.h>
int main(void) {
    errno = 0;
    long v = strtol("99999999999999999999999999", 0, 10);
    assert(errno == 0);
    return v > 0 ? 0 : 1;
}
