// expect: FALSIFIED
#include <assert.h>
#include <stdio.h>
#include <string.h>
#define MAXN 5
typedef struct { char name[8]; int qty; int price; } item_t;
int total_value(item_t *items, int n) { int v = 0; for (int i = 0; i < n; i++) v += items[i].qty * items[i].price; return v; }
int main(void) {
  item_t items[2];
  strcpy(items[0].name, "pen");
  strcpy(items[1].name, "ink");
  for (int i = 0; i < 2; i++) {
    if (scanf("%d %d", &items[i].qty, &items[i].price) != 2) return 1;
    if (items[i].qty < 0 || items[i].qty > 100 || items[i].price < 0 || items[i].price > 100) return 1;
  }
  int v = total_value(items, 2);
  assert(v >= 0); // expect: VERIFIED
  assert(v < 20000); // expect: FALSIFIED
  assert(items[1].name[0] == 'i'); // expect: VERIFIED
  return 0;
}
