package native

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/suretydev/surety/bmc"
	"github.com/suretydev/surety/smt"
)

// TestProofConfirmed checks that a bound made complete by k-induction is
// confirmed by a second solver, and says so when only one was there.
func TestProofConfirmed(t *testing.T) {
	needTools(t)
	if !has("cvc5") {
		t.Skip("needs cvc5")
	}
	ctx := context.Background()
	p := mustProgram(t, loop3)
	q := &bmc.Query{Program: p, K: 2, UnwindingAssertions: true}
	r, err := New(nil).Check(ctx, q)
	if err != nil {
		t.Fatal(err)
	}
	if r.Status != bmc.Verified || !r.BoundComplete || r.Induction == 0 || slices.Contains(r.Assumptions, singleSolver) {
		t.Fatalf("default solvers: %v complete=%v induction=%d assumptions %q (%s), want complete by induction, confirmed", r.Status, r.BoundComplete, r.Induction, r.Assumptions, r.Reason)
	}
	r, err = New(&Options{Solver: smt.CVC5(nil)}).Check(ctx, q)
	if err != nil {
		t.Fatal(err)
	}
	if !r.BoundComplete || !slices.Contains(r.Assumptions, singleSolver) {
		t.Fatalf("one solver: complete=%v assumptions %q, want complete with %q", r.BoundComplete, r.Assumptions, singleSolver)
	}
}

// TestConfirmDisagrees checks that an unsat answer that the second solver
// finds satisfiable, or cannot decide, is no proof.
func TestConfirmDisagrees(t *testing.T) {
	needTools(t)
	c := New(nil)
	ctx := context.Background()
	tr, err := c.translate(ctx, mustProgram(t, loop3), c.options(2, 0))
	if err != nil {
		t.Fatal(err)
	}
	unsat := &smt.Result{Status: smt.Unsat, Solver: "cvc5"}
	for _, tc := range []struct {
		add, want string
	}{
		{"(assert false)\n", ""},
		{"(assert true)\n", "the step: cvc5 answered unsat, z3 sat; no verdict"},
	} {
		pf := &proof{}
		pf.add("the step", tr, tc.add, unsat)
		why, asm, err := c.confirm(ctx, pf, time.Now().Add(time.Minute))
		if err != nil {
			t.Fatal(err)
		}
		if why != tc.want || asm != "" {
			t.Errorf("%q: why %q, assumption %q; want why %q", tc.add, why, asm, tc.want)
		}
	}
	// A deadline already past confirms nothing.
	pf := &proof{}
	pf.add("the step", tr, "(assert false)\n", unsat)
	why, _, err := c.confirm(ctx, pf, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(why, "not confirmed by z3: timeout") {
		t.Errorf("past deadline: why %q", why)
	}
}
