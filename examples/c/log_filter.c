/* Log filter (VIVERRA appendix B, "log_timestamp_filter"). Reads up to
 * MAX_LINES lines from stdin; each starts with a four-digit year. Lines
 * shorter than the year are skipped; a line whose year is before CUTOFF is
 * printed verbatim. Lines longer than MAX_LINE characters are cut.
 * Bounds: MAX_LINE = 4 and MAX_LINES = 2, so every loop runs at most 4
 * times (k = 5). */
#include <assert.h>
#include <stdio.h>

#define MAX_LINE 4
#define MAX_LINES 2
#define YEAR_LEN 4
#define CUTOFF 2024

char buf[MAX_LINE + 1];

/* read_line reads one line into buf (cut at MAX_LINE characters) and
 * returns its length, or -1 at the end of input. */
int read_line(void) {
    int len = 0;
    int c = getchar();
    if (c == EOF) return -1;
    while (c != EOF && c != '\n' && len < MAX_LINE) {
        buf[len++] = (char)c;
        c = getchar();
    }
    buf[len] = '\0';
    assert(len >= 0 && len <= MAX_LINE);
    return len;
}

/* parse_year reads the leading year of buf, or returns -1 when the first
 * YEAR_LEN characters are not all digits. */
int parse_year(int len) {
    assert(len >= YEAR_LEN);
    int year = 0;
    for (int i = 0; i < YEAR_LEN; i++) {
        if (buf[i] < '0' || buf[i] > '9') return -1;
        year = year * 10 + (buf[i] - '0');
    }
    assert(year >= 0 && year <= 9999);
    assert(year >= 1000);
    return year;
}

int main(void) {
    int printed = 0, lines = 0;
    for (int l = 0; l < MAX_LINES; l++) {
        int len = read_line();
        if (len < 0) break;
        lines++;
        if (len < YEAR_LEN) continue;
        int year = parse_year(len);
        assert(year <= 9999);
        assert(year != -1);
        assert(buf[0] != '0');
        if (year >= 0 && year < CUTOFF) {
            printf("%s\n", buf);
            printed++;
        }
        assert(year < CUTOFF);
    }
    assert(printed <= lines);
    assert(lines <= MAX_LINES);
    assert(printed == 0);
    return 0;
}
