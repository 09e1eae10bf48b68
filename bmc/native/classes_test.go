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

// The classes of C that issue 31 asked the engine to read, each as a
// dressing of one generated program: an input x in lo..hi, y computed
// from it by a helper and a short loop, an assertion that holds and one
// that fails. gcc's runs of every input settle the truths.
var codeClasses = []string{"conventions", "preprocessor", "kr", "vla", "builtins"}

// genClassed is one generated program of a class.
type genClassed struct {
	class          string
	lo, hi         int
	a, b, iters, m int
}

// final is y for input x, as C computes it (Go's / and % truncate as C's
// do; the values stay far from overflow).
func (g genClassed) final(x int) int {
	y := x*g.a + g.b
	for i := 0; i < g.iters; i++ {
		y += x % g.m
	}
	return y
}

// program is the probe in the class's dress.
func (g genClassed) program() string {
	lo, hi := g.final(g.lo), g.final(g.lo)
	for x := g.lo; x <= g.hi; x++ {
		lo, hi = min(lo, g.final(x)), max(hi, g.final(x))
	}
	var b strings.Builder
	fmt.Fprintf(&b, "// why: a generated program of the class %s (classes_test.go).\n", g.class)
	for x := g.lo; x <= g.hi; x++ {
		fmt.Fprintf(&b, "// run: %d\n", x)
	}
	holds := fmt.Sprintf("assert(y >= %d && y <= %d); // truth: holds\n", lo, hi)
	fails := fmt.Sprintf("assert(y != %d); // truth: fails\n", g.final(g.hi))
	loop := fmt.Sprintf("for (int i = 0; i < %d; i++)\n    y += x %% %d;\n", g.iters, g.m)
	switch g.class {
	case "conventions":
		// nondet_int called without a declaration (gcc's implicit int
		// nondet_int()), a function declared without a body
		fmt.Fprintf(&b, "#include <assert.h>\nint sensor(void);\nint helper(int x) { return x * %d + %d; }\nint main(void) {\n  int x = nondet_int();\n  if (x < %d || x > %d)\n    return 0;\n  int unused = sensor();\n  int y = helper(x);\n  %s  %s  %s  return 0;\n}\n",
			g.a, g.b, g.lo, g.hi, loop, holds, fails)
	case "preprocessor":
		fmt.Fprintf(&b, "#include <assert.h>\n#define LO %d\n#define HI %d\n#define LINEAR(v) ((v) * %d + %d)\n#define REPEAT %d\n#ifdef NO_SUCH_MACRO\n#error not taken\n#else\n#define ASSUME(c) if (!(c)) return 0\n#endif\nextern int __VERIFIER_nondet_int(void);\nint main(void) {\n  int x = __VERIFIER_nondet_int();\n  ASSUME(x >= LO && x <= HI);\n  int y = LINEAR(x);\n  for (int i = 0; i < REPEAT; i++)\n    y += x %% %d;\n  %s  %s  return 0;\n}\n",
			g.lo, g.hi, g.a, g.b, g.iters, g.m, holds, fails)
	case "kr":
		// old C: a definition and main with an implicit int result
		fmt.Fprintf(&b, "#include <assert.h>\nextern int __VERIFIER_nondet_int(void);\nhelper(int x, int k) {\n  return x * k + %d;\n}\nmain() {\n  int x = __VERIFIER_nondet_int();\n  if (x < %d || x > %d)\n    return 0;\n  int y = helper(x, %d);\n  %s  %s  %s  return 0;\n}\n",
			g.b, g.lo, g.hi, g.a, loop, holds, fails)
	case "vla":
		// the loop's terms kept in an array sized by the input
		fmt.Fprintf(&b, "#include <assert.h>\nextern int __VERIFIER_nondet_int(void);\nint main(void) {\n  int x = __VERIFIER_nondet_int();\n  if (x < %d || x > %d)\n    return 0;\n  int n = %d;\n  int t[n + 1];\n  t[0] = x * %d + %d;\n  for (int i = 0; i < n; i++)\n    t[i + 1] = t[i] + x %% %d;\n  int y = t[n];\n  %s  %s  return 0;\n}\n",
			g.lo, g.hi, g.iters, g.a, g.b, g.m, holds, fails)
	case "builtins":
		fmt.Fprintf(&b, "#include <assert.h>\n#include <math.h>\nextern int __VERIFIER_nondet_int(void);\nextern void __CPROVER_assume(int);\nint main(void) {\n  int x = __VERIFIER_nondet_int();\n  __CPROVER_assume(x >= %d && x <= %d);\n  double d = x;\n  if (isnan(d) || isinf(d))\n    return 1;\n  int y = (int)fabs(d) * 0 + x * %d + %d;\n  %s  %s  %s  return 0;\n}\n",
			g.lo, g.hi, g.a, g.b, loop, holds, fails)
	}
	return b.String()
}

// writeClassed writes n generated programs of each class into dir.
func writeClassed(tb testing.TB, dir string, r *rand.Rand, n int) {
	tb.Helper()
	for _, class := range codeClasses {
		for i := range n {
			g := genClassed{class: class, lo: -3 + r.Intn(4), a: 1 + r.Intn(4), b: r.Intn(9) - 4, iters: 1 + r.Intn(4), m: 2 + r.Intn(3)}
			g.hi = g.lo + 1 + r.Intn(4)
			if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("%s_%02d.c", class, i)), []byte(g.program()), 0o644); err != nil {
				tb.Fatal(err)
			}
		}
	}
}

// TestClassesGenerated runs 4 generated programs of each class through
// VerifyAll with the bound check: truth from gcc's runs of every input,
// no failing assertion a fact, no holding one FALSIFIED, and every one
// decided (the loops end within the bound).
func TestClassesGenerated(t *testing.T) {
	dir := t.TempDir()
	const n = 4
	writeClassed(t, dir, rand.New(rand.NewSource(31)), n)
	var decided atomic.Int32
	t.Run("probes", func(t *testing.T) {
		runProbesPastBound(t, dir, func(*probe) int { return 5 }, func(t *testing.T, pr *probe, i int, f *bmc.Fact) {
			if f.Status == bmc.VerdictFalsified || f.Status.Fact() && f.BoundComplete {
				decided.Add(1)
			} else {
				t.Errorf("%s a%d undecided: %s %s", filepath.Base(pr.file), i+1, f.Status, f.Reason)
			}
		})
	})
	if got, want := decided.Load(), int32(2*n*len(codeClasses)); got != want {
		t.Errorf("decided %d of %d assertions", got, want)
	}
}

// BenchmarkClasses runs 40 generated programs of each class (80
// assertions a class, truth from gcc's runs) side by side with ESBMC,
// one sub-benchmark a class.
func BenchmarkClasses(b *testing.B) {
	needTools(b)
	dir := b.TempDir()
	writeClassed(b, dir, rand.New(rand.NewSource(47)), 40)
	probes := loadProbes(b, dir)
	for _, class := range codeClasses {
		b.Run(class, func(b *testing.B) {
			var tasks []sideTask
			for _, pr := range probes {
				if !strings.HasPrefix(filepath.Base(pr.file), class+"_") {
					continue
				}
				for i := range pr.prog.Asserts {
					tasks = append(tasks, sideTask{filepath.Base(pr.file), pr.prog, i, pr.settle(context.Background(), b, i)})
				}
			}
			sideBySide(b, tasks, 5)
		})
	}
}
