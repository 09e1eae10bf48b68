#include <assert.h>

extern int __VERIFIER_nondet_int(void);
void reach_error(void) { } // want func:"reach_error"

void __VERIFIER_assert(int cond) // want func:"__VERIFIER_assert"
{
	if (!cond) {
		reach_error(); // want calls:"__VERIFIER_assert -> reach_error" stmt:"throw reach_error()"
	}
}

int main(void)
{
	int x = __VERIFIER_nondet_int(); // want calls:"main -> __VERIFIER_nondet_int"
	__VERIFIER_assume(x > 0 && x < 100); // want spec:"assume(__VERIFIER_assume): x > 0 && x < 100" calls:"main -> __VERIFIER_assume" stmt:"simple __VERIFIER_assume(x > 0 && x < 100); [spec]"
	__CPROVER_assume(x != 7); // want spec:"assume(__CPROVER_assume): x != 7" calls:"main -> __CPROVER_assume"
	__ESBMC_assume(x != 8); // want spec:"assume(__ESBMC_assume): x != 8" calls:"main -> __ESBMC_assume"
	int y = x * 2;
	assert(y > x); // want spec:"assert(assert): y > x" calls:"main -> assert [direct]"
	__VERIFIER_assert(y % 2 == 0); // want spec:"assert(__VERIFIER_assert): y % 2 == 0" calls:"main -> __VERIFIER_assert"
	__CPROVER_assert(y < 200, "bounded"); // want spec:"assert(__CPROVER_assert): y < 200" calls:"main -> __CPROVER_assert"
	if (y > 10)
		assert(y / 2 > 5); // want spec:"assert: y / 2 > 5" calls:"main -> assert" stmt:"simple assert(y / 2 > 5); [spec]"
	return 0;
}
