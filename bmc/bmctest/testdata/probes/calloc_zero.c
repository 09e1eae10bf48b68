// calloc clears its memory (disagreements.txt, 155; ESBMC lets it return
// NULL and reads anything through it).
// truth: holds
// assumes: malloc never fails
// run: nondet=
#include <assert.h>
#include <stdlib.h>
int main(void) {
    int *a = calloc(5, sizeof(int));
    assert(a[2] == 0);
    free(a);
    return 0;
}
