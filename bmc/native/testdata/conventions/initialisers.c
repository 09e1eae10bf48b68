// why: C's initialisers name members (.y = 42, [4] = 7) and leave out the
// braces of inner aggregates ({ 'a', 1, 2, 3 } for a char and an array),
// and an array of unknown size takes its length from what they reach.
// run: 5
// run: -3
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
struct P { int x; int y; };
struct Q { char c; int a[3]; struct P p; };
int g[] = { [4] = 7, [1] = 2 };
struct P ps[] = { 1, 2, 3, 4, 5 };
int main(void) {
  int n = __VERIFIER_nondet_int();
  struct { char c; int y; int z; } s = { .y = n };
  assert(s.c == 0 && s.y == n && s.z == 0); // truth: holds; native: VERIFIED
  struct Q q = { 'a', 1, 2, n, 4, 5 };
  assert(q.a[2] == n && q.p.x == 4 && q.p.y == 5); // truth: holds; native: VERIFIED
  struct Q r = { .p = { .y = 9 }, .a[1] = 6 };
  assert(r.p.y == 9 && r.p.x == 0 && r.a[1] == 6 && r.a[0] == 0); // truth: holds; native: VERIFIED
  assert(sizeof g / sizeof g[0] == 5 && g[4] == 7 && g[1] == 2 && g[0] == 0); // truth: holds; native: VERIFIED
  assert(sizeof ps / sizeof ps[0] == 3 && ps[2].x == 5 && ps[2].y == 0); // truth: holds; native: VERIFIED
  int m[2][2] = { 1, 2, n };
  assert(m[1][1] == 0); // truth: holds; native: VERIFIED
  assert(m[1][0] != 5); // truth: fails; native: FALSIFIED
  return 0;
}
