#include <assert.h>
#include <stdlib.h>
#undef assert // want "assert macro"
void assert(int c) { if (!c) abort(); }
int main(void) {
    int x = 1;
    assert(x == 1);
    return 0;
}
