#include <assert.h>
#undef assert
#define assert(c) ((void)0) // want "assert macro"
int main(void) {
    int x = 1;
    assert(x == 2);
    return 0;
}
