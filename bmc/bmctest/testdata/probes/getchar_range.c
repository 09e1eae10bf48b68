// ESBMC's getchar returns any int (disagreements.txt, 133); a real one
// returns EOF or an unsigned char.
// truth: holds
// run: stdin="A"
// run: stdin=""
// run: stdin="\xff"
#include <assert.h>
#include <stdio.h>
int main(void) {
    int c = getchar();
    assert(c == EOF || (c >= 0 && c <= 255));
    return 0;
}
