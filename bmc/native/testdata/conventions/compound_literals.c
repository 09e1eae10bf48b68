// why: a compound literal ((int){0}, (struct P){.y = 3}, (int[]){1, 2})
// is an unnamed object of its block, initialised each time it is
// evaluated, whose address may be taken; in a static initialiser gcc
// folds (T){c} to c (ESBMC's github_816-static-local).
// run: 2
// run: 7
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
struct P { int x; int y; };
int counter(void) { static int x = (int){42}; static long y = (long){-1,}; return x++ + (int)y; }
int sum(int *a, int n) { int s = 0; for (int i = 0; i < n; i++) s += a[i]; return s; }
int main(void) {
  int n = __VERIFIER_nondet_int();
  int *p = &(int){n};
  *p += 1;
  assert(*p == n + 1 || n == 2147483647); // truth: holds; native: VERIFIED
  struct P q = (struct P){ .y = n };
  assert(q.x == 0 && q.y == n); // truth: holds; native: VERIFIED
  assert(sum((int[]){1, 2, 3}, 3) == 6); // truth: holds; native: VERIFIED
  int t = 0;
  for (int i = 0; i < 3; i++) {
    int *c = (int[]){0, 0};
    c[1] += i;
    t += c[1];
  }
  assert(t == 3); // truth: holds; native: VERIFIED
  assert(((struct P){1, n}).y != 7); // truth: fails; native: FALSIFIED
  int c1 = counter();
  int c2 = counter();
  assert(c1 == 41 && c2 == 42); // truth: holds; native: VERIFIED
  assert(c2 != 42 + n - n); // truth: fails; native: FALSIFIED
  return 0;
}
