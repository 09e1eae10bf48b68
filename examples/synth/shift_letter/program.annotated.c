/* Shift letters. Assumptions: one line of at most MAX_LEN characters on
   stdin; longer input is rejected with a nonzero exit. */
#include <assert.h>
#include <stdio.h>

#define MAX_LEN 1024

static char shift_char(char c) {
    char r = c;
    if (c >= 'a' && c <= 'z') {
        r = (c == 'z') ? 'a' : (char)(c + 1);
    } else if (c >= 'A' && c <= 'Z') {
        r = (c == 'Z') ? 'A' : (char)(c + 1);
    }
    assert(!(c >= 'a' && c <= 'z') || (r >= 'a' && r <= 'z'));
    assert(!(c >= 'A' && c <= 'Z') || (r >= 'A' && r <= 'Z'));
    assert((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || r == c);
    assert(r != c);
    return r;
}

static int read_line(char buf[], int cap) {
    assert(cap >= 1 && cap <= MAX_LEN);
    int len = 0;
    for (int i = 0; i <= cap; i++) {
        int ch = getchar();
        if (ch == EOF || ch == '\n') {
            assert(len >= 0 && len <= cap);
            return len;
        }
        if (len == cap) {
            return -1;
        }
        buf[len] = (char)ch;
        len++;
    }
    return -1;
}

int main(void) {
    char buf[MAX_LEN];
    int len = read_line(buf, MAX_LEN);
    if (len < 0) {
        printf("Input too long\n");
        return 1;
    }
    assert(len <= MAX_LEN);
    for (int i = 0; i < len; i++) {
        putchar(shift_char(buf[i]));
    }
    putchar('\n');
    return 0;
}
