package native

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/suretydev/surety/bmc"
	"github.com/suretydev/surety/smt"
)

func has(name string) bool { return len(smt.Installed(name)) == 1 }

// TestSolverChoice checks that a formula with floating point goes to
// Bitwuzla and cvc5, and one without to cvc5, then Bitwuzla: two solvers.
func TestSolverChoice(t *testing.T) {
	for _, name := range []string{"bitwuzla", "cvc5", "z3"} {
		if !has(name) {
			t.Skip("needs " + name)
		}
	}
	ctx := context.Background()
	for _, tc := range []struct {
		src, want string
		fp        bool
	}{
		{"int main(void) { int x = __VERIFIER_nondet_int(); assert(x != 3); return 0; }", "portfolio(cvc5,bitwuzla)", false},
		{"int main(void) { double d = __VERIFIER_nondet_double(); assert(d != 3.0); return 0; }", "portfolio(bitwuzla,cvc5)", true},
	} {
		c := New(nil)
		tr, err := c.translate(ctx, mustProgram(t, tc.src), c.options(5, 0))
		if err != nil {
			t.Fatal(err)
		}
		if tr.FP != tc.fp {
			t.Errorf("%s: fp = %v, want %v", tc.src, tr.FP, tc.fp)
		}
		s, err := c.solver(tr.FP)
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

// TestBitwuzlaAlone runs the differential suite with Bitwuzla as the only
// solver, so that its models (not cvc5's) make the counterexamples that
// are replayed under gcc: Bitwuzla joins every check, bit-vector or
// floating point, that cvc5 leaves open for a second.
func TestBitwuzlaAlone(t *testing.T) {
	needTools(t)
	if !has("bitwuzla") {
		t.Skip("needs bitwuzla (pip install bitwuzla)")
	}
	chk := New(&Options{Solver: smt.Bitwuzla(nil)})
	fp := 0
	for _, c := range loadDiff(t) {
		base := filepath.Base(c.file)
		if strings.Contains(base, "_fp_") || strings.Contains(base, "double") || strings.Contains(base, "float") {
			fp++
		}
		t.Run(base, func(t *testing.T) {
			t.Parallel()
			checkCase(t, chk, c)
		})
	}
	if fp < 10 {
		t.Fatalf("only %d floating-point programs in the suite", fp)
	}
}

func (p *sessions) count() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.idle)
}

// TestWarmSessions checks that the checks on one program keep at most
// cvc5's process, none with Fresh, that Close ends it, and that answers
// match those of fresh processes.
func TestWarmSessions(t *testing.T) {
	needTools(t)
	if !has("cvc5") {
		t.Skip("needs cvc5")
	}
	src := `int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < 0 || x > 100) return 0;
  int y = x * 3;
  assert(y <= 300);
  assert(y != 150);
  assert(y % 3 == 0);
  return 0;
}`
	p := mustProgram(t, src)
	ctx := context.Background()
	warm, fresh := New(nil), New(&Options{Fresh: true})
	defer warm.Close()
	for i := range p.Asserts {
		q := &bmc.Query{Program: p, Target: i, K: 5}
		rw, err := warm.Check(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		rf, err := fresh.Check(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		if rw.Status != rf.Status {
			t.Errorf("a%d: warm %v (%s), fresh %v (%s)", i+1, rw.Status, rw.Reason, rf.Status, rf.Reason)
		}
		// cvc5's process is kept, unless z3 answered first and it
		// was stopped.
		if n := warm.warm.count(); n > 1 {
			t.Fatalf("after a%d: %d idle processes, want at most cvc5's", i+1, n)
		}
		if fresh.warm.count() != 0 {
			t.Fatal("Fresh kept a process")
		}
	}
	warm.Close()
	if n := warm.warm.count(); n != 0 {
		t.Fatalf("%d idle processes after Close", n)
	}
}

// TestWarmSolverReuse checks that one process answers every check on a
// translation, each check seeing only its own additions.
func TestWarmSolverReuse(t *testing.T) {
	if !has("cvc5") {
		t.Skip("needs cvc5")
	}
	ctx := context.Background()
	c := New(nil)
	defer c.Close()
	tr, err := c.translate(ctx, mustProgram(t, "int main(void) { int x = __VERIFIER_nondet_int(); assert(x != 7); return 0; }"), c.options(5, 0))
	if err != nil {
		t.Fatal(err)
	}
	w := &warmSolver{pool: &c.warm, solver: smt.CVC5(nil), tr: tr, timeout: time.Minute}
	for i, tc := range []struct {
		add  string
		want smt.Status
	}{
		{"(assert (not sel0)) (assert keep0) " + assertAny(tr.Viol[0]), smt.Sat},
		{"(assert false)", smt.Unsat}, // popped: does not stay
		{"(assert true)", smt.Sat},
	} {
		r, err := w.Check(ctx, &smt.Query{Script: tc.add})
		if err != nil {
			t.Fatal(err)
		}
		if r.Status != tc.want {
			t.Errorf("check %d: %v, want %v", i, r.Status, tc.want)
		}
	}
	if n := c.warm.started.Load(); n != 1 {
		t.Fatalf("%d processes started, want 1", n)
	}
	if n := c.warm.count(); n != 1 {
		t.Fatalf("%d idle processes, want 1", n)
	}
	time.Sleep(idleFor + time.Second)
	if n := c.warm.count(); n != 0 {
		t.Fatalf("%d idle processes after %v, want none", n, idleFor)
	}
	if _, err := w.Check(ctx, &smt.Query{Script: "(assert true)"}); err != nil {
		t.Fatal(err)
	}
	c.Close()
	if n := c.warm.count(); n != 0 {
		t.Fatalf("%d idle processes after Close", n)
	}
	noneLeft(t)
}
