// why: a struct with a function-pointer member, called through . and ->.
// run: 0
// run: 1
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
struct counter {
  int n;
  void (*step)(struct counter *);
};
void up(struct counter *c) { c->n++; }
void down(struct counter *c) { c->n--; }
int main(void) {
  struct counter c = {0, up};
  struct counter *p = &c;
  c.step(&c);
  p->step(p);
  if (__VERIFIER_nondet_int())
    p->step = down;
  p->step(p);
  assert(c.n == 1 || c.n == 3); // truth: holds; native: VERIFIED
  assert(c.n == 3); // truth: fails; native: FALSIFIED
  return 0;
}
