// A handler registered with atexit runs after main returns: its assertion
// fails on every run.
// truth: fails
// run: nondet=
#include <assert.h>
#include <stdlib.h>
int g;
static void done(void) { assert(g == 0); }
int main(void) { atexit(done); g = 1; return 0; }
