// Facts: each //FACT[k=5] comment was checked by a bounded model checker (esbmc)
// on every execution in which no loop runs more than 5 times,
// with these bounds lowered: MAX_N = 3 (100 in this file).
// "cond: aN" means: provided the unverified assertions named hold there.
// "complete" means: no loop can run longer, so the fact holds on every execution.
// The sentences are a language model's wording of the checked conditions.
// a5 (FALSIFIED, in bubble_sort, not a fact): swaps < n - 1
/* Bubble Sort. Assumptions: input is n (1 <= n <= MAX_N) followed by n
   integers; bounds: at most MAX_N elements. */
#include <assert.h>
#include <stdbool.h>
#include <stdio.h>

#define MAX_N 100

/* helper for assertions: arr[0..n) is in non-decreasing order */
static bool is_sorted(const int arr[], int n) {
    for (int k = 0; k + 1 < n; k++) {
        if (arr[k] > arr[k + 1]) {
            return false;
        }
    }
    return true;
}

static int read_input(int arr[], int *n) {
    if (scanf("%d", n) != 1 || *n < 1 || *n > MAX_N) {
        return 0;
    }
    for (int i = 0; i < *n; i++) {
        if (scanf("%d", &arr[i]) != 1) {
            return 0;
        }
    }
    //FACT[k=5, complete]: At this point in the program, the value pointed to by n is at least 1 and at most MAX_N.
    return 1;
}

static int bubble_sort(int arr[], int n) {
    //FACT[k=5, complete]: At this point in the program, n is at least 1 and at most MAX_N.
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
    //FACT[k=5, complete]: At this point in the program, is_sorted(arr, n) holds: the first n elements of arr are in non-decreasing order.
    //FACT[k=5, complete]: At this point in the program, swaps is at least 0 and at most n * (n - 1) / 2.
    return swaps;
}

static void print_result(const int arr[], int n, int swaps) {
    //FACT[k=5, complete]: At this point in the program, n is at least 1 and at most MAX_N.
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
    //FACT[k=5, cond: a5, complete]: At this point in the program, swaps is less than n.
    print_result(arr, n, swaps);
    return 0;
}
