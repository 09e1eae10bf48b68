package native

import (
	"context"
	"fmt"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/suretydev/surety/bmc"
)

// genRecursion is a generated recursive function over one integer, the
// domain main lets through (0..maxX), and the assertion main checks of
// its result.
type genRecursion struct {
	fn     string // the C definition of f
	typ    string // int or unsigned
	assert string // over r = f(x)
}

const genMaxX = 40

// genRecursions makes n programs: f recurses on x - d down to a base case
// at x <= b (so deeper than any small bound for most x), adding e or
// adding a second argument, in int or unsigned.
func genRecursions(r *rand.Rand, n int) []genRecursion {
	out := make([]genRecursion, n)
	for i := range out {
		typ := []string{"int", "unsigned"}[r.Intn(2)]
		d := 1 + r.Intn(2)
		b := d - 1 + r.Intn(3) // x - d stays in the domain
		c, e := r.Intn(6), 1+r.Intn(3)
		var fn string
		switch r.Intn(3) {
		case 0:
			fn = fmt.Sprintf("%[1]s f(%[1]s x) {\n  if (x <= %[2]d) return %[3]d;\n  return f(x - %[4]d) + %[5]d;\n}\n", typ, b, c, d, e)
		case 1:
			fn = fmt.Sprintf("%[1]s g(%[1]s x, %[1]s acc) {\n  if (x <= %[2]d) return acc + %[3]d;\n  return g(x - %[4]d, acc + %[5]d);\n}\n%[1]s f(%[1]s x) { return g(x, 0); }\n", typ, b, c, d, e)
		default:
			fn = fmt.Sprintf("%[1]s f(%[1]s x) {\n  if (x == 0) return %[2]d;\n  return f(x - 1) + %[3]d;\n}\n", typ, c, e)
		}
		out[i] = genRecursion{fn: fn, typ: typ}
	}
	return out
}

// program is the task: x from the input, r = f(x), the assertion.
func (g genRecursion) program() string {
	return fmt.Sprintf(`extern %[1]s __VERIFIER_nondet_%[2]s(void);
extern void reach_error(void);
void __VERIFIER_assert(int c) { if (!c) reach_error(); }
%[3]s
int main(void) {
  %[1]s x = __VERIFIER_nondet_%[2]s();
  if (x < 0 || x > %[4]d) return 0;
  %[1]s r = f(x);
  __VERIFIER_assert(%[5]s);
  return 0;
}
`, g.typ, map[string]string{"int": "int", "unsigned": "uint"}[g.typ], g.fn, genMaxX, g.assert)
}

// results runs f on every x of the domain under gcc.
func (g genRecursion) results(t testing.TB, dir string) []int64 {
	t.Helper()
	src := fmt.Sprintf("#include <stdio.h>\n%s\nint main(void) {\n  for (%s x = 0; x <= %d; x++) printf(\"%%lld\\n\", (long long)f(x));\n  return 0;\n}\n", g.fn, g.typ, genMaxX)
	c, bin := filepath.Join(dir, "truth.c"), filepath.Join(dir, "truth")
	if err := os.WriteFile(c, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("gcc", "-w", "-o", bin, c).CombinedOutput(); err != nil {
		t.Fatalf("gcc: %v\n%s", err, out)
	}
	out, err := exec.Command(bin).Output()
	if err != nil {
		t.Fatalf("truth run: %v", err)
	}
	var vals []int64
	for _, l := range strings.Fields(string(out)) {
		v, err := strconv.ParseInt(l, 10, 64)
		if err != nil {
			t.Fatal(err)
		}
		vals = append(vals, v)
	}
	if len(vals) != genMaxX+1 {
		t.Fatalf("truth run printed %d values", len(vals))
	}
	return vals
}

// task makes the i-th program: its assertion fails on a value f takes
// (i even) or holds, on a value above every one it takes; fails is the
// truth gcc's runs settle.
func (g genRecursion) task(t testing.TB, r *rand.Rand, i int) (p *bmc.Program, fails bool, src string) {
	t.Helper()
	vals := g.results(t, t.TempDir())
	v := vals[r.Intn(len(vals))]
	fails = i%2 == 0
	if !fails {
		for _, w := range vals {
			v = max(v, w+1)
		}
	}
	g.assert = fmt.Sprintf("r != %d", v)
	src = g.program()
	p, err := bmc.ParseProgram(fmt.Sprintf("gen%02d.c", i), []byte(src))
	if err != nil {
		t.Fatalf("program %d: %v\n%s", i, err, src)
	}
	return p, fails, src
}

// TestSummariesGenerated checks the summaries' verdicts on generated
// recursive programs whose truth is settled by running f on every input
// main lets through under gcc: a FALSIFIED assertion must fail on some
// input, one VERIFIED for every execution must hold on all of them. The
// bound (3) is below the recursion's depth for most inputs, so no verdict
// comes from plain unwinding; the summaries must decide some (6 of the
// 16: the affine ones; the stepped and piecewise ones stay open).
func TestSummariesGenerated(t *testing.T) {
	needTools(t)
	r := rand.New(rand.NewSource(31))
	gens := genRecursions(r, 16)
	chk := New(nil)
	defer chk.Close()
	decided := 0
	for i, g := range gens {
		p, fails, src := g.task(t, r, i)
		rep, err := bmc.VerifyAll(context.Background(), p, chk, &bmc.Options{K: 3, BoundCheck: true, Timeout: 60 * time.Second})
		if err != nil {
			t.Fatal(err)
		}
		f := rep.Facts[0]
		t.Logf("program %d (fails=%v): %s complete=%v %s %s", i, fails, f.Status, f.BoundComplete, f.Reason, f.BoundReason)
		switch {
		case fails && f.Status.Fact() && f.BoundComplete:
			t.Errorf("program %d fails under gcc, yet it is VERIFIED for every execution\n%s", i, src)
		case !fails && f.Status == bmc.VerdictFalsified:
			t.Errorf("program %d holds on every input under gcc, yet it is FALSIFIED\n%s", i, src)
		}
		if f.Status == bmc.VerdictFalsified || f.Status.Fact() && f.BoundComplete {
			decided++
		}
	}
	t.Logf("%d of %d decided", decided, len(gens))
	if decided < len(gens)/4 {
		t.Errorf("the summaries decided %d of %d programs; want at least a quarter (the generator makes piecewise and stepped recursions too, beyond the templates)", decided, len(gens))
	}
}

// BenchmarkRecursion runs the native engine and ESBMC side by side on
// recursions deeper than the bound (k=3, with the bound check, as surety
// facts asks): 40 generated ones (genRecursions, seed 31) and the probes
// of testdata/summary, each truth settled by gcc runs first. It reports
// how many each decides (FALSIFIED, or VERIFIED for every execution) and
// how many it gets wrong, with the wall time in all.
func BenchmarkRecursion(b *testing.B) {
	needTools(b)
	var tasks []sideTask
	r := rand.New(rand.NewSource(31))
	for i, g := range genRecursions(r, 40) {
		p, fails, _ := g.task(b, r, i)
		tasks = append(tasks, sideTask{fmt.Sprintf("gen%02d", i), p, 0, fails})
	}
	for _, pr := range loadProbes(b, "testdata/summary") {
		for i := range pr.prog.Asserts {
			tasks = append(tasks, sideTask{filepath.Base(pr.file), pr.prog, i, pr.settle(context.Background(), b, i)})
		}
	}
	sideBySide(b, tasks, 3)
}
