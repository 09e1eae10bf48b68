#include <assert.h>
#include "no_such_header.h" // want "missing header"
int main(void) {
    assert(ANSWER == 42);
    return 0;
}
