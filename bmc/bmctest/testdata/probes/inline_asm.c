// Issue 16, case 1: the assembly sets x to 5 (x86-64), so x == 0 fails.
// truth: fails
// run: nondet=
#include <assert.h>
int main(void) {
    int x = 0;
    __asm__ volatile ("movl $5, %0" : "=r"(x));
    assert(x == 0);
    return 0;
}
