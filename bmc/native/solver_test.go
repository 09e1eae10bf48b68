package native

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/suretydev/surety/bmc"
	"github.com/suretydev/surety/smt"
)

func installed(name string) bool {
	for _, s := range smt.Available() {
		if s.Name() == name {
			return true
		}
	}
	return false
}

// TestSolverChoice checks that a formula with floating point goes to
// Bitwuzla and cvc5, and one without to cvc5 and z3.
func TestSolverChoice(t *testing.T) {
	for _, name := range []string{"bitwuzla", "cvc5", "z3"} {
		if !installed(name) {
			t.Skip("needs " + name)
		}
	}
	ctx := context.Background()
	for _, tc := range []struct {
		src, want string
		fp        bool
	}{
		{"int main(void) { int x = __VERIFIER_nondet_int(); assert(x != 3); return 0; }", "portfolio(cvc5,z3)", false},
		{"int main(void) { double d = __VERIFIER_nondet_double(); assert(d != 3.0); return 0; }", "portfolio(bitwuzla,cvc5)", true},
	} {
		c := New(nil)
		tr, err := c.translate(ctx, mustProgram(t, tc.src), 5, 0)
		if err != nil {
			t.Fatal(err)
		}
		if tr.fp != tc.fp {
			t.Errorf("%s: fp = %v, want %v", tc.src, tr.fp, tc.fp)
		}
		s, err := c.solver(tr.fp)
		if err != nil {
			t.Fatal(err)
		}
		if s.Name() != tc.want {
			t.Errorf("%s: solver %s, want %s", tc.src, s.Name(), tc.want)
		}
	}
	// An explicit solver is used as it is, floating point or not.
	z3 := smt.Z3(nil)
	if s, _ := New(&Options{Solver: z3}).solver(true); s != z3 {
		t.Errorf("Options.Solver ignored: %v", s.Name())
	}
}

// TestBitwuzlaAlone runs the floating-point programs of the differential
// suite with Bitwuzla as the only solver, so that its models (not cvc5's)
// make the counterexamples that are replayed under gcc.
func TestBitwuzlaAlone(t *testing.T) {
	needTools(t)
	if !installed("bitwuzla") {
		t.Skip("needs bitwuzla (pip install bitwuzla)")
	}
	chk := New(&Options{Solver: smt.Bitwuzla(nil)})
	n := 0
	for _, c := range loadDiff(t) {
		base := filepath.Base(c.file)
		if !strings.Contains(base, "_fp_") && !strings.Contains(base, "double") && !strings.Contains(base, "float") {
			continue
		}
		n++
		t.Run(base, func(t *testing.T) {
			t.Parallel()
			for i, want := range c.expect {
				r, err := chk.Check(context.Background(), &bmc.Query{Program: c.prog, Target: i, K: c.k})
				if err != nil {
					t.Fatalf("a%d: %v", i+1, err)
				}
				if r.Status != want {
					t.Errorf("a%d (line %d): got %v (%s), want %v", i+1, c.prog.Asserts[i].SrcLine, r.Status, r.Reason, want)
				}
			}
		})
	}
	if n < 10 {
		t.Fatalf("only %d floating-point programs in the suite", n)
	}
}
