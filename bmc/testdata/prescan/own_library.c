#include <assert.h>
/* The program's own qsort and atexit: the engines run these bodies. */
static int calls;
static int cmp(int a, int b) { calls++; return a - b; }
void qsort(int *v, int n, int (*c)(int, int)) {
    for (int i = 1; i < n; i++)
        if (c(v[i - 1], v[i]) > 0) { int t = v[i]; v[i] = v[i - 1]; v[i - 1] = t; }
}
int atexit(void (*f)(void)) { return 0; }
static void bye(void) { calls = 0; }
int main(void) {
    int v[2] = {2, 1};
    qsort(v, 2, cmp);
    atexit(bye);
    assert(calls == 1);
    return 0;
}
