// A loop longer than the default bound k=5, and an assertion after it that
// every run satisfies: the unwinding check's counterexample says only that
// the bound is incomplete, never that the assertion fails (issue 30 item 1).
// truth: holds
// run: nondet=
#include <assert.h>
int main(void) { int t = 0; for (int i = 1; i <= 10; i++) t += i; assert(t == 55); return 0; }
