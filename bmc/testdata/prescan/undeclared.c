#include <assert.h>
int main(void) {
    int x = frobnicate(3); // want "undeclared function"
    assert(x == 3);
    return 0;
}
