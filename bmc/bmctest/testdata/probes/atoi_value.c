// atoi reads the leading number: "42abc" is 42.
// truth: holds
// run: nondet=
#include <assert.h>
#include <stdlib.h>
int main(void) {
    assert(atoi("42abc") == 42);
    return 0;
}
