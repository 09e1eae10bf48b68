package native

import (
	"context"
	"sync"
	"testing"

	"github.com/suretydev/surety/bmc"
)

// TestVariantSchema checks a variant schema: every variant on one parse,
// each with its own verdict, and a counterexample of a variant that
// replays under gcc (so the switch's value reached the real run too).
func TestVariantSchema(t *testing.T) {
	needTools(t)
	src := `#include <assert.h>
int __surety_variant = 0; int main(void) {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n >= 0 && n <= 4);
  int s = 0;
  for (int i = 0; (__surety_variant == 2 ? i <= n : i < n); i++) s += (__surety_variant == 1 ? 1 : 2);
  assert(s == 2 * n);
  return 0;
}
`
	p, err := mustProgram(t, src).WithSwitch("__surety_variant")
	if err != nil {
		t.Fatal(err)
	}
	c := New(nil)
	want := []bmc.Status{bmc.Verified, bmc.Falsified, bmc.Falsified}
	// Each variant twice, all at once: queries share translations (run
	// with -race).
	got := make([]*bmc.Result, 2*len(want))
	var wg sync.WaitGroup
	for i := range got {
		wg.Go(func() {
			r, err := c.Check(context.Background(), &bmc.Query{Program: p, K: 5, Variant: i % len(want)})
			if err != nil {
				t.Error(err)
				return
			}
			got[i] = r
		})
	}
	wg.Wait()
	for i, r := range got {
		if v := i % len(want); r != nil && r.Status != want[v] {
			t.Errorf("variant %d: got %v (%s), want %v", v, r.Status, r.Reason, want[v])
		}
	}
	if n := c.parses.len(); n != 1 {
		t.Errorf("%d parses of one schema, want 1", n)
	}
	if n := c.trs.len(); n != len(want) {
		t.Errorf("%d translations of %d variants", n, len(want))
	}
	// The same text without the switch is the program as written: the
	// switch is the global's 0.
	r, err := c.Check(context.Background(), &bmc.Query{Program: mustProgram(t, src), K: 5, Variant: 1})
	if err != nil {
		t.Fatal(err)
	}
	if r.Status != bmc.Verified || c.trs.len() != len(want)+1 {
		t.Errorf("without a switch: got %v and %d translations, want VERIFIED and %d", r.Status, c.trs.len(), len(want)+1)
	}
}
