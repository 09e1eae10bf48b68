#include <assert.h>
int main(void) {
    int x = 0;
    __asm__ volatile ("movl $1, %0" : "=r"(x)); // want "inline asm"
    assert(x == 0);
    return 0;
}
