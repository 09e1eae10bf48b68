/* Bubble Sort. Assumptions: input is n (1 <= n <= MAX_N) followed by n
   integers; bounds: at most MAX_N elements. */
#include <stdio.h>

#define MAX_N 100

static int read_input(int arr[], int *n) {
    if (scanf("%d", n) != 1 || *n < 1 || *n > MAX_N) {
        return 0;
    }
    for (int i = 0; i < *n; i++) {
        if (scanf("%d", &arr[i]) != 1) {
            return 0;
        }
    }
    return 1;
}

static int bubble_sort(int arr[], int n) {
    int swaps = 0;
    for (int i = 0; i < n - 1; i++) {
        int swapped = 0;
        for (int j = 0; j < n - 1 - i; j++) {
            if (arr[j] > arr[j + 1]) {
                int tmp = arr[j];
                arr[j] = arr[j + 1];
                arr[j + 1] = tmp;
                swaps++;
                swapped = 1;
            }
        }
        if (!swapped) {
            break;
        }
    }
    return swaps;
}

static void print_result(const int arr[], int n, int swaps) {
    printf("Sorted Array:");
    for (int i = 0; i < n; i++) {
        printf(" %d", arr[i]);
    }
    printf("\nTotal swaps: %d\n", swaps);
}

int main(void) {
    int arr[MAX_N];
    int n = 0;
    if (!read_input(arr, &n)) {
        printf("Invalid input\n");
        return 1;
    }
    int swaps = bubble_sort(arr, n);
    print_result(arr, n, swaps);
    return 0;
}
