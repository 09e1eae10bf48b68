#define NDEBUG
#include <assert.h>
extern void abort(void);
void reach_error(void) { abort(); }
void __VERIFIER_assert(int c) { if (!c) reach_error(); }
int main(void) {
    int x = 1;
    __VERIFIER_assert(x == 1);
    return 0;
}
