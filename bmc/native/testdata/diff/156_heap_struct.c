// expect: VERIFIED
#include <assert.h>
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
typedef struct node { int val; struct node *next; } node;
int main(void) {
  node *a = malloc(sizeof(node));
  node *b = malloc(sizeof(node));
  a->val = 1; a->next = b;
  b->val = 2; b->next = 0;
  int s = 0;
  for (node *p = a; p != 0; p = p->next) s += p->val;
  assert(s == 3);
  free(a); free(b);
  return 0;
}
