// expect: FALSIFIED
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern char __VERIFIER_nondet_char(void);
extern long __VERIFIER_nondet_long(void);
extern void __VERIFIER_assume(int);
#define CAP 4
typedef struct { int data[CAP]; int top; } stack;
void push(stack *s, int v) { if (s->top < CAP) s->data[s->top++] = v; }
int pop(stack *s) { if (s->top > 0) return s->data[--s->top]; return -1; }
int main(void) {
  stack s;
  s.top = 0;
  int v = __VERIFIER_nondet_int();
  push(&s, 1);
  push(&s, v);
  assert(pop(&s) == v); // expect: VERIFIED
  assert(pop(&s) == 1); // expect: FALSIFIED
  assert(pop(&s) == -1); // expect: FALSIFIED
  return 0;
}
