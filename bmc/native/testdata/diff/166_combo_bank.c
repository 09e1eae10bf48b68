// expect: VERIFIED
#include <assert.h>
#include <stdio.h>
#include <string.h>
#define MAXN 5
typedef struct { int id; long balance; } acct;
int transfer(acct *from, acct *to, long amt) {
  if (amt <= 0 || from->balance < amt) return 0;
  from->balance -= amt; to->balance += amt; return 1;
}
int main(void) {
  acct a = {1, 500}, b = {2, 300};
  long amt;
  if (scanf("%ld", &amt) != 1) return 1;
  long before = a.balance + b.balance;
  int ok = transfer(&a, &b, amt);
  assert(a.balance + b.balance == before);
  assert(a.balance >= 0);
  assert(!ok || b.balance > 300);
  return 0;
}
