// longjmp returns to setjmp with 1, so the assertion runs with r == 1.
// truth: fails
// run: nondet=
#include <assert.h>
#include <setjmp.h>
static jmp_buf env;
int main(void) {
    volatile int r = setjmp(env);
    if (r == 0) longjmp(env, 1);
    assert(r == 0);
    return 0;
}
