#include <stdio.h>
#include <assert.h>
int main(void) {
    unsigned y = 2u;
    int i = 0;
    while (i < 16) {
        y = y * 3u + 1u;
        i++;
    }
    assert(y != 107616802u);
    return 0;
}
