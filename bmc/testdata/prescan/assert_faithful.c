#include <assert.h>
extern void abort(void);
void reach_error(void) { abort(); }
void __VERIFIER_assert(int c) { if (!c) { reach_error(); } }
#undef assert
#define assert(c) __VERIFIER_assert(c)
int main(void) {
    int x = 1;
    assert(x == 1);
    return 0;
}
