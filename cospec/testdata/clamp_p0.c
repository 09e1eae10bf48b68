/* Clamp: reads an integer and prints it clamped to [0, MAX]. */
#include <stdio.h>

#define MAX 100

static int clamp(int v) {
    int r = v;
    if (r < 0) {
        r = 0;
    }
    if (r > MAX) {
        r = MAX;
    }
    return r;
}

int main(void) {
    int n;
    if (scanf("%d", &n) != 1) {
        printf("Invalid input\n");
        return 1;
    }
    int m = clamp(n);
    printf("%d\n", m);
    return 0;
}
