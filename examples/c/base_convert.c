/* Base conversion (VIVERRA appendix B, in the spirit of "base_addition").
 * Reads a base b (2 <= b <= 10) and a number n (0 <= n <= MAX_VALUE),
 * writes n in base b, reads the digits back, and prints the digit string.
 * Bounds: MAX_VALUE = 15 has at most 4 digits in base 2, so every loop
 * runs at most 4 times (k = 5). */
#include <assert.h>
#include <stdio.h>

#define MAX_VALUE 15
#define MAX_DIGITS 4

/* digits_valid reports whether every digit of d[0..len) is below b. */
int digits_valid(const int *d, int len, int b) {
    for (int i = 0; i < len; i++)
        if (d[i] < 0 || d[i] >= b) return 0;
    return 1;
}

/* to_base writes n in base b, least significant digit first, and returns
 * the number of digits. */
int to_base(int n, int b, int *d) {
    assert(b >= 2 && b <= 10);
    assert(n >= 0 && n <= MAX_VALUE);
    int len = 0;
    do {
        d[len++] = n % b;
        n /= b;
    } while (n > 0 && len < MAX_DIGITS);
    assert(len >= 1 && len <= MAX_DIGITS);
    assert(digits_valid(d, len, b));
    return len;
}

/* from_base reads digits back into a number. */
int from_base(const int *d, int len, int b) {
    int v = 0;
    for (int i = len - 1; i >= 0; i--) v = v * b + d[i];
    return v;
}

int main(void) {
    int b, n;
    int d[MAX_DIGITS];
    if (scanf("%d %d", &b, &n) != 2 || b < 2 || b > 10 || n < 0 || n > MAX_VALUE) {
        printf("Invalid input\n");
        return 1;
    }
    assert(b == 10);
    int len = to_base(n, b, d);
    int back = from_base(d, len, b);
    assert(back == n);
    assert(len == 1);
    assert(len <= 2);
    assert(n == 0 || d[len - 1] != 0);
    assert(len == 1 || n >= b);
    assert(d[0] == n % b);
    for (int i = len - 1; i >= 0; i--) printf("%d", d[i]);
    printf("\n");
    return 0;
}
