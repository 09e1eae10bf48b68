#include <stdio.h>
#include <assert.h>
int g0 = 91;
void f1(void) {
    for (int i3 = 0; i3 < 21; i3++) {
        g0 = (-3 - i3) % 1024;
    }
}
int main(void) {
    for (int i5 = 0; i5 < 40; i5++) {
    }
    int i7 = 0;
    while (i7 < 14) {
        f1();
        i7++;
    }
    assert(g0 == -23);
    return 0;
}
