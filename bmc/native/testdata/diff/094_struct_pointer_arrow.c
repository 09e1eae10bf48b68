// expect: FALSIFIED
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern char __VERIFIER_nondet_char(void);
extern long __VERIFIER_nondet_long(void);
extern void __VERIFIER_assume(int);
typedef struct { int balance; int limit; } account;
void withdraw(account *a, int amt) { if (amt <= a->balance + a->limit) a->balance -= amt; }
int main(void) {
  account a = {100, 50};
  int amt = __VERIFIER_nondet_int();
  __VERIFIER_assume(amt > 0);
  withdraw(&a, amt);
  assert(a.balance >= 0);
  return 0;
}
