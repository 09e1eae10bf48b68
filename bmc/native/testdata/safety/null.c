// Null dereference: a check that protects a dereference, and one that
// does not.
#include <stddef.h>
extern int __VERIFIER_nondet_int(void);

struct node {
  int val;
  struct node *next;
};

int main(void) {
  struct node second = {2, NULL};
  struct node first = {1, &second};
  struct node *p = NULL;
  int c = __VERIFIER_nondet_int();
  if (c > 0)
    p = &first;
  int v = 0;
  if (p != NULL)
    v = p->val; // want "null-dereference: VERIFIED" "array-bounds: VERIFIED"
  if (p != NULL && p->next != NULL) // want "null-dereference: VERIFIED" "array-bounds: VERIFIED"
    v = p->next->val; // want "null-dereference: VERIFIED" "array-bounds: VERIFIED" "null-dereference: VERIFIED" "array-bounds: VERIFIED"
  struct buf {
    int arr[4];
  } *bp = NULL;
  if (c == 3)
    bp->arr[1] = 5; // want "null-dereference: FALSIFIED" "array-bounds: VERIFIED"
  int *q = NULL;
  if (c > 5)
    q = &v;
  return *q; // want "null-dereference: FALSIFIED" "array-bounds: VERIFIED"
}
