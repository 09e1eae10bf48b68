// The same sum in the reducers' form: a loop by goto whose first if is
// its condition, the assertion a reach_error under an if of a copy of a
// copy of the predicate; the copies read as their one value.
// run: 3
// run: 20
// run: 0
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { abort(); }
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (!(1 <= n && n <= 1000)) return 0;
  int sum = 0;
  int i = 1;
  int tmp;
  int cond;
loop:;
  if (i <= n) {
    sum = sum + i;
    i = i + 1;
    goto loop;
  }
  tmp = (2 * sum) == (n * (n + 1));
  cond = tmp;
  if (cond == 0) {
    reach_error(); // truth: holds; induction: proved
  }
  return 0;
}
