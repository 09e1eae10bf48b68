// A constructor runs before main, outside main's straight line: its
// assertion fails on every run.
// truth: fails
// run: nondet=
#include <assert.h>
int g;
__attribute__((constructor)) static void init(void) { assert(g == 1); g = 2; }
int main(void) { return g == 2 ? 0 : 1; }
