/* Bubble sort with a swap count (VIVERRA appendix B, "bubblesort").
 * Reads n (1 <= n <= MAX_N) and n integers from stdin, sorts them in
 * ascending order and prints them with the number of swaps.
 * Bounds: MAX_N = 4, so every loop runs at most 4 times (k = 5). */
#include <assert.h>
#include <stdio.h>

#define MAX_N 4
#define LIMIT 1000

/* is_sorted reports whether a[0..n) is in non-decreasing order. */
int is_sorted(const int *a, int n) {
    for (int i = 0; i + 1 < n; i++) {
        if (a[i] > a[i + 1]) return 0;
    }
    return 1;
}

void bubble_sort(int *arr, int n, int *total_swaps) {
    assert(n >= 1 && n <= MAX_N);
    assert(*total_swaps == 0);
    for (int i = 0; i < n - 1; i++) {
        for (int j = 0; j < n - 1 - i; j++) {
            if (arr[j] > arr[j + 1]) {
                int t = arr[j];
                arr[j] = arr[j + 1];
                arr[j + 1] = t;
                (*total_swaps)++;
            }
        }
    }
    assert(is_sorted(arr, n));
    assert(*total_swaps <= n * (n - 1) / 2);
    assert(*total_swaps < n);
}

int main(void) {
    int n;
    int arr[MAX_N];
    int swaps = 0;
    if (scanf("%d", &n) != 1 || n < 1 || n > MAX_N) {
        printf("Invalid n\n");
        return 1;
    }
    for (int i = 0; i < n; i++) {
        int v;
        if (scanf("%d", &v) != 1) {
            printf("Invalid input\n");
            return 1;
        }
        arr[i] = v;
        assert(arr[i] >= -LIMIT && arr[i] <= LIMIT);
    }
    int first = arr[0];
    bubble_sort(arr, n, &swaps);
    assert(swaps >= 0);
    assert(arr[0] <= first && first <= arr[n - 1]);
    assert(swaps < n);
    assert(first * first <= LIMIT * LIMIT);
    assert(swaps + first <= LIMIT + MAX_N * (MAX_N - 1) / 2);
    assert(arr[0] < arr[n - 1]);
    printf("Sorted Array:");
    for (int i = 0; i < n; i++) printf(" %d", arr[i]);
    printf("\nTotal swaps: %d\n", swaps);
    return 0;
}
