/* Fractional knapsack, greedy by value-to-weight ratio (VIVERRA appendix B,
 * "knapsack"). Reads n (1 <= n <= MAX_N) and the capacity W, then n pairs
 * of value and weight (doubles, 0 <= value <= MAX_VAL, 0 < weight <=
 * MAX_W). Takes items in descending ratio order, the last one possibly in
 * part, and prints the total value to two decimals.
 * Bounds: MAX_N = 2, so every loop runs at most 2 times (k = 5). */
#include <assert.h>
#include <stdio.h>

#define MAX_N 2
#define MAX_VAL 1000.0
#define MAX_W 1000.0

double value[MAX_N], weight[MAX_N], ratio[MAX_N], frac[MAX_N];

/* sort_by_ratio sorts the items by value/weight, largest first. */
void sort_by_ratio(int n) {
    for (int i = 0; i < n - 1; i++) {
        for (int j = 0; j < n - 1 - i; j++) {
            if (ratio[j] < ratio[j + 1]) {
                double tv = value[j], tw = weight[j], tr = ratio[j];
                value[j] = value[j + 1];
                weight[j] = weight[j + 1];
                ratio[j] = ratio[j + 1];
                value[j + 1] = tv;
                weight[j + 1] = tw;
                ratio[j + 1] = tr;
            }
        }
    }
    assert(n < 2 || ratio[0] >= ratio[1]);
}

/* fill takes items greedily and returns the total value. */
double fill(int n, double capacity) {
    assert(capacity >= 0.0);
    double remaining = capacity;
    double total = 0.0;
    for (int i = 0; i < n; i++) {
        if (remaining <= 0.0) {
            frac[i] = 0.0;
        } else if (weight[i] <= remaining) {
            frac[i] = 1.0;
            remaining -= weight[i];
        } else {
            frac[i] = remaining / weight[i];
            remaining = 0.0;
        }
        assert(frac[i] >= 0.0 && frac[i] <= 1.0);
        total += frac[i] * value[i];
    }
    assert(remaining >= 0.0);
    assert(total >= 0.0);
    return total;
}

int main(void) {
    int n;
    double capacity;
    if (scanf("%d %lf", &n, &capacity) != 2 || n < 1 || n > MAX_N || !(capacity >= 0.0 && capacity <= MAX_W)) {
        printf("Invalid input\n");
        return 1;
    }
    for (int i = 0; i < n; i++) {
        double v, w;
        if (scanf("%lf %lf", &v, &w) != 2 || !(v >= 0.0 && v <= MAX_VAL) || !(w > 0.0 && w <= MAX_W)) {
            printf("Invalid item\n");
            return 1;
        }
        value[i] = v;
        weight[i] = w;
        ratio[i] = v / w;
        assert(value[i] <= 100.0);
    }
    sort_by_ratio(n);
    double total = fill(n, capacity);
    assert(total <= capacity);
    assert(total <= 200.0);
    assert(frac[0] == 1.0);
    assert(n == 1 || frac[1] <= frac[0]);
    printf("Total value: %.2f\n", total);
    return 0;
}
