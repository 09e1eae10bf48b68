// Issue 16, case 9: the header is missing, so the program does not compile
// and has no meaning to verify.
// truth: undefined
#include <assert.h>
#include "surety_no_such_header.h"
int main(void) {
    int x = 1;
    assert(x == 1);
    return 0;
}
