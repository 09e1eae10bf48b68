#include <assert.h>
#define NDEBUG
/* #define NDEBUG before <assert.h> in a comment is not code */
#if 0
#undef assert
#define assert(c) ((void)0)
#endif
int main(void) {
    int x = 1;
    assert(x == 1);
    return 0;
}
