#include <assert.h>
#include <stdio.h>

#define MAX 4

/* clamp returns v limited to [0, MAX]. */
int clamp(int v) {
    int r = v;
    if (r < 0) r = 0;
    if (r > MAX) r = MAX;
    assert(r >= 0 && r <= MAX);     /* a1 VERIFIED */
    return r;
}

int main(void) {
    int n;
    if (scanf("%d", &n) != 1) return 1;
    assert(n >= 0);                 /* a2 FALSIFIED: the input is not checked */
    assert(n <= MAX);               /* a3 FALSIFIED */
    int m = clamp(n);
    assert(m == n);                 /* a4 C-VERIFIED: true given a2, a3 */
    int s = 0;
    for (int i = 0; i < m; i++) s += 2;
    assert(s == 2 * m);             /* a5 VERIFIED */
    assert(s < 6);                  /* a6 FALSIFIED: m = 3 gives 6 */
    assert(m < 3);                  /* a7 C-VERIFIED: true given a6 */
    assert(s <= 2 * MAX);           /* a8 VERIFIED */
    return 0;
}
