// Issue 16, case 9: a write out of the array's bounds is undefined
// behaviour; no verdict about what follows it is a fact.
// truth: undefined
#include <assert.h>
int main(void) {
    int a[3];
    a[5] = 1;
    assert(a[5] == 1);
    return 0;
}
