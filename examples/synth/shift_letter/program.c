// Facts: each //FACT[k=5] comment was checked by a bounded model checker (esbmc)
// on every execution in which no loop runs more than 5 times,
// with these bounds lowered: MAX_LEN = 4 (1024 in this file).
// "complete" means: no loop can run longer, so the fact holds on every execution.
// The sentences are a language model's wording of the checked conditions.
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
    //FACT[k=5, complete]: At this point in the program, if c is a lowercase letter then r is a lowercase letter.
    //FACT[k=5, complete]: At this point in the program, if c is an uppercase letter then r is an uppercase letter.
    //FACT[k=5, complete]: At this point in the program, r equals c unless c is a letter.
    return r;
}

static int read_line(char buf[], int cap) {
    //FACT[k=5, complete]: At this point in the program, cap is at least 1 and at most MAX_LEN.
    int len = 0;
    for (int i = 0; i <= cap; i++) {
        int ch = getchar();
        if (ch == EOF || ch == '\n') {
            //FACT[k=5, complete]: At this point in the program, len is at least 0 and at most cap.
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
    //FACT[k=5, complete]: At this point in the program, len is at most MAX_LEN.
    for (int i = 0; i < len; i++) {
        putchar(shift_char(buf[i]));
    }
    putchar('\n');
    return 0;
}
