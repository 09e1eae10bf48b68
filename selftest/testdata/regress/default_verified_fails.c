#include <stdio.h>
#include <assert.h>
static unsigned step(unsigned v) { return v * 3u + 1u; }
int main(void) {
    unsigned (*f)(unsigned) = step;
    unsigned y = 2u;
    int i = 0;
    while (i < 16) {
        y = f(y);
        i++;
    }
    assert(y != 107616802u);
    return 0;
}
