#include <assert.h>
int main(void) {
    volatile unsigned *reg = (volatile unsigned *)0x40021000; // want "fixed address"
    int *null = (int *)0;
    assert(null == 0 && reg != 0);
    return 0;
}
