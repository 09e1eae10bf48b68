// expect: FALSIFIED
#include <assert.h>
#include <stdio.h>
#include <string.h>
#define MAXN 5
#define QN 3
int q[QN], head = 0, tail = 0, cnt = 0;
int enq(int v) { if (cnt == QN) return 0; q[tail] = v; tail = (tail + 1) % QN; cnt++; return 1; }
int deq(int *v) { if (cnt == 0) return 0; *v = q[head]; head = (head + 1) % QN; cnt--; return 1; }
int main(void) {
  int ops, op, v;
  if (scanf("%d", &ops) != 1 || ops < 0 || ops > 4) return 1;
  for (int i = 0; i < ops; i++) {
    if (scanf("%d %d", &op, &v) != 2) return 1;
    if (op == 0) enq(v); else deq(&v);
  }
  assert(cnt >= 0 && cnt <= QN); // expect: VERIFIED
  assert(cnt < QN); // expect: FALSIFIED
  return 0;
}
