// reach_error() reached for x > 10, an SV-COMP unreach-call violation.
// truth: fails
// run: nondet=11
#include <stdlib.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
    int x = __VERIFIER_nondet_int();
    if (x > 10) { reach_error(); abort(); }
    return 0;
}
