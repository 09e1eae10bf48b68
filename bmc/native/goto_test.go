package native

import (
	"context"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/suretydev/surety/bmc"
)

// genReduced is a loop `while (x < n) { if (x < m) x += a; else { x += b;
// y += c; } }` from an input x in lo..hi, written as CPAchecker's reducers
// write loops: the first iterations unrolled into nested ifs, each with a
// label after the then-branch's step that the else-branch jumps back to
// (from one branch of an if into the other), and the rest a loop by
// backward gotos, one from inside a nested if and one into the other
// branch.
type genReduced struct {
	lo, hi, n, m, a, b, c, unroll int
}

// final is the y the loop ends with from input x, as the structured loop
// computes it; gcc's runs of the goto program settle the truth.
func (g genReduced) final(x int) int {
	y := 0
	for x < g.n {
		if x < g.m {
			x += g.a
		} else {
			x += g.b
			y += g.c
		}
	}
	return y
}

// program is the probe: the goto form, an assertion that holds (y within
// what the loop gives over the inputs) and one that fails (y differs from
// what input lo gives), runs over every input.
func (g genReduced) program() string {
	lo, hi := g.final(g.lo), g.final(g.lo)
	for x := g.lo; x <= g.hi; x++ {
		lo, hi = min(lo, g.final(x)), max(hi, g.final(x))
	}
	var b strings.Builder
	b.WriteString("// why: a generated loop in the form of CPAchecker's reducers (goto_gen_test.go).\n")
	for x := g.lo; x <= g.hi; x++ {
		fmt.Fprintf(&b, "// run: %d\n", x)
	}
	fmt.Fprintf(&b, "#include <assert.h>\nextern int __VERIFIER_nondet_int(void);\nint main(void) {\n  int x = __VERIFIER_nondet_int();\n  if (x < %d || x > %d)\n    return 0;\n  int y = 0;\n", g.lo, g.hi)
	then := fmt.Sprintf("x = x + %d;", g.a)
	els := fmt.Sprintf("x = x + %d; y = y + %d;", g.b, g.c)
	for d := range g.unroll {
		fmt.Fprintf(&b, "  if (x < %d) {\n  if (x < %d) {\n  %s\n  L%d:;\n", g.n, g.m, then, d)
	}
	fmt.Fprintf(&b, "  H:;\n  if (x < %d) {\n    if (x < %d) {\n      %s\n    M:;\n      goto H;\n    } else {\n      %s\n      goto M;\n    }\n  }\n", g.n, g.m, then, els)
	for d := g.unroll - 1; d >= 0; d-- {
		fmt.Fprintf(&b, "  } else {\n  %s\n  goto L%d;\n  }\n  } else {\n  goto done;\n  }\n", els, d)
	}
	fmt.Fprintf(&b, "done:\n  assert(y >= %d && y <= %d); // truth: holds\n  assert(y != %d); // truth: fails\n  return 0;\n}\n", lo, hi, g.final(g.lo))
	return b.String()
}

// writeReduced writes n generated loops in the reducers' goto form into
// dir, as probes.
func writeReduced(tb testing.TB, dir string, r *rand.Rand, n int) {
	tb.Helper()
	for i := range n {
		g := genReduced{lo: -2 + r.Intn(3), n: 3 + r.Intn(5), a: 1 + r.Intn(3), b: 1 + r.Intn(2), c: 1 + r.Intn(3), unroll: r.Intn(4)}
		g.hi = g.lo + 1 + r.Intn(3)
		g.m = g.lo + r.Intn(g.n-g.lo)
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("reduced_%02d.c", i)), []byte(g.program()), 0o644); err != nil {
			tb.Fatal(err)
		}
	}
}

// reducedK is the bound the generated loops end within.
const reducedK = 11

// TestGotoReducedGenerated runs 16 generated loops in the reducers' goto
// form (findJoins' swapped ifs, gotoLoop's loop entered at its head, the
// nesting of the unrolled iterations) through VerifyAll with the bound
// check: truth from gcc's runs of each input, no failing assertion a
// fact on every execution, no holding one FALSIFIED, and most decided
// (the loops end within the bound).
func TestGotoReducedGenerated(t *testing.T) {
	dir := t.TempDir()
	const n = 16
	writeReduced(t, dir, rand.New(rand.NewSource(31)), n)
	var decided atomic.Int32
	t.Run("probes", func(t *testing.T) {
		runProbesPastBound(t, dir, func(*probe) int { return reducedK }, func(t *testing.T, pr *probe, i int, f *bmc.Fact) {
			if f.Status == bmc.VerdictFalsified || f.Status.Fact() && f.BoundComplete {
				decided.Add(1)
			}
		})
	})
	if got := decided.Load(); got < 2*n*3/4 {
		t.Errorf("decided %d of %d assertions of loops that end within the bound; want three quarters", got, 2*n)
	}
}

// BenchmarkGotos runs 40 generated loops in the reducers' goto form (80
// assertions, truth from gcc's runs) side by side with ESBMC.
func BenchmarkGotos(b *testing.B) {
	needTools(b)
	dir := b.TempDir()
	writeReduced(b, dir, rand.New(rand.NewSource(47)), 40)
	var tasks []sideTask
	for _, pr := range loadProbes(b, dir) {
		for i := range pr.prog.Asserts {
			tasks = append(tasks, sideTask{filepath.Base(pr.file), pr.prog, i, pr.settle(context.Background(), b, i)})
		}
	}
	sideBySide(b, tasks, reducedK)
}

// TestGotoPastBound: a loop lowered from gotos has no counter for the
// bound's replay, so the unwinding counterexample's input is run without
// counters; that run goes past the bound and fails the assertion (every
// input that takes the loop past k=3 does), which makes the target
// FALSIFIED (not an unwinding answer) on the strength of that run.
func TestGotoPastBound(t *testing.T) {
	needTools(t)
	p := mustProgram(t, `extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 10)
    return 0;
  int x = 0, y = 0;
H:
  if (x < n) {
    if (x < 5) {
      x++;
    M:
      goto H;
    } else {
      x++;
      y++;
      goto M;
    }
  }
  assert(x < 3);
  return 0;
}
`)
	r, err := New(nil).Check(context.Background(), &bmc.Query{Program: p, K: 3, UnwindingAssertions: true})
	if err != nil {
		t.Fatal(err)
	}
	if r.Status != bmc.Falsified || r.Unwound || !r.Replayed {
		t.Fatalf("got %v unwound=%v replayed=%v (%s), want the target FALSIFIED by a replayed run", r.Status, r.Unwound, r.Replayed, r.Reason)
	}
	if !strings.Contains(r.Reason, "run past the bound") {
		t.Errorf("reason %q does not say the run went past the bound", r.Reason)
	}
}
