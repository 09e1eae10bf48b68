#include <assert.h>
#include <search.h>
#include <stdlib.h>
#include <threads.h>
static int calls;
static int cmp(const void *a, const void *b) { calls++; return *(const int *)a - *(const int *)b; }
static void visit(const void *n, VISIT v, int depth) { calls++; }
static int work(void *arg) { calls++; return 0; }
int main(void) {
    int v[3] = {3, 1, 2}, key = 2;
    size_t n = 3;
    void *root = 0;
    qsort(v, 3, sizeof v[0], cmp); // want "callback"
    int *r = bsearch(&key, v, 3, sizeof v[0], cmp); // want "callback"
    tsearch(&key, &root, cmp); // want "callback"
    twalk(root, visit); // want "callback"
    lfind(&key, v, &n, sizeof v[0], cmp); // want "callback"
    thrd_t t;
    thrd_create(&t, work, 0); // want "thread"
    thrd_join(t, 0);
    /* qsort(v, 3, 4, cmp) */
    assert(r != 0 && calls == 0);
    return 0;
}
