// scanf's %7s stores 1 to 7 non-space characters and a NUL
// (disagreements.txt, 128); a NUL byte is not a space, so input "\0x"
// stores "\0x" and strlen is 0: the assertion fails. (The probe was
// written "holds"; the native engine's replayed counterexample showed
// otherwise.)
// truth: fails
// run: stdin="abcdefghij"
// run: stdin="\x00x"
#include <assert.h>
#include <stdio.h>
#include <string.h>
int main(void) {
    char s[8];
    if (scanf("%7s", s) == 1)
        assert(strlen(s) >= 1 && strlen(s) <= 7);
    return 0;
}
