#define NDEBUG // want "NDEBUG"
#include <assert.h>
int main(void) {
    int x = 1;
    assert(x == 2);
    return 0;
}
