// The same loop with an assertion that every run fails, past the bound.
// truth: fails
// run: nondet=
#include <assert.h>
int main(void) { int t = 0; for (int i = 1; i <= 10; i++) t += i; assert(t == 56); return 0; }
