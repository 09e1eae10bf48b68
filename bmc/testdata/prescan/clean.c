#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
int helper(int);
int sensor(void); // want assumption:"sensor is declared but not defined"
/* asm("nop"); setjmp(x) in a comment is not code */
int main(void) {
    int x = __VERIFIER_nondet_int();
    char *s = "signal(1) and asm in a string";
    printf("%d %s\n", x, s);
    int *p = malloc(sizeof *p);
    if (!p) return 1;
    *p = helper(x) + sensor();
    assert(s[0] == 's');
    free(p);
    return 0;
}
int helper(int v) { return v; }
