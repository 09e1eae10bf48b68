// NDEBUG defined before <assert.h> compiles every assert out: no run of the
// program as compiled fails one, although the predicate is false. Neither
// VERIFIED nor FALSIFIED describes the program as built.
// truth: undefined
#include <stdio.h>
#define NDEBUG
#include <assert.h>
int main(void) { int x = 2; assert(x == 1); printf("%d\n", x); return 0; }
