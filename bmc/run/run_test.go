package run

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/suretydev/surety/bmc"
	"github.com/suretydev/surety/internal/proc"
)

func needGCC(t testing.TB) {
	t.Helper()
	if _, err := proc.LookPath("gcc"); err != nil {
		t.Skip("needs gcc")
	}
}

func needAFL(t testing.TB) {
	t.Helper()
	if _, _, err := New(nil).fuzzTools(); err != nil {
		t.Skip("needs afl-fuzz and afl-clang-fast (Debian's afl++)")
	}
}

func parse(t testing.TB, name, src string) *bmc.Program {
	t.Helper()
	p, err := bmc.ParseProgram(name, []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// gccRun builds src as the user would and runs it: the truth of a test
// comes from this run, never from an engine.
func gccRun(t testing.TB, src, stdin string) *proc.Result {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "p.c"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := proc.Run(context.Background(), &proc.Cmd{Path: "gcc", Args: []string{"-w", "-o", "p", "p.c", "-lm"}, Dir: dir, Timeout: time.Minute})
	if err != nil || res.ExitCode != 0 {
		t.Fatalf("gcc: %v %s", err, res.Stderr)
	}
	res, err = proc.Run(context.Background(), &proc.Cmd{Path: filepath.Join(dir, "p"), Dir: dir, Stdin: []byte(stdin), Timeout: 10 * time.Second})
	if res == nil {
		t.Fatal(err)
	}
	return res
}

// assertFailed reports whether a plain run of the program ended in a
// failed assert.
func assertFailed(res *proc.Result) bool {
	return res.Signal == "aborted" && strings.Contains(string(res.Stderr), "Assertion")
}

// check runs the engine on one query and checks the rule every answer
// obeys: never VERIFIED, FALSIFIED only with a counterexample that
// bmc.Replay reproduces on its own.
func check(t *testing.T, c *Checker, q *bmc.Query) *bmc.Result {
	t.Helper()
	r, err := c.Check(context.Background(), q)
	if err != nil {
		t.Fatal(err)
	}
	if r.Status == bmc.Verified {
		t.Fatalf("VERIFIED from the run engine: %+v", r)
	}
	if r.Status == bmc.Falsified {
		if !r.Replayed || r.Engine != "run" || r.Counterexample == nil || r.Unwound {
			t.Fatalf("FALSIFIED without its evidence: %+v", r)
		}
		rep, err := bmc.Replay(context.Background(), q, r.Counterexample, nil)
		if err != nil {
			t.Fatal(err)
		}
		if !rep.Reproduced {
			t.Fatalf("bmc.Replay does not reproduce the counterexample %+v: %s", r.Counterexample, rep.Why)
		}
	}
	return r
}

var fast = &Options{Fuzz: -1}

func TestLoopPastAnyBound(t *testing.T) {
	needGCC(t)
	const prog = `#include <assert.h>
int main(void) {
    int t = 0;
    for (int i = 1; i <= 10; i++) t += i;
    assert(t == 56);
    assert(t == 55);
    return 0;
}
`
	if !assertFailed(gccRun(t, prog, "")) {
		t.Fatal("the program does not fail its first assertion when run")
	}
	p := parse(t, "loop.c", prog)
	c := New(fast)
	r := check(t, c, &bmc.Query{Program: p, Target: 0, K: 3, UnwindingAssertions: true})
	if r.Status != bmc.Falsified {
		t.Errorf("t == 56: %v %s, want FALSIFIED", r.Status, r.Reason)
	}
	r = check(t, c, &bmc.Query{Program: p, Target: 1, K: 3})
	if r.Status != bmc.Unknown || !strings.Contains(r.Reason, "1 run, the program reads no input") {
		t.Errorf("t == 55: %v %q, want UNKNOWN saying one run", r.Status, r.Reason)
	}
	o, err := c.Observe(context.Background(), p, 0)
	if err != nil {
		t.Fatal(err)
	}
	if !o.Complete || o.Runs != 1 || o.ReadsInput || !o.Failed(0) || o.Failed(1) || !o.Reached(1) || o.Asserts[0].First != 1 || o.Asserts[1].First != 0 {
		t.Errorf("observation %+v", o)
	}
}

// Code that runs outside main's straight line: constructors, atexit
// handlers, qsort's comparison function, errno after strtol.
func TestOutsideMain(t *testing.T) {
	needGCC(t)
	for _, c := range []struct{ name, prog string }{
		{"constructor", `#include <assert.h>
int g;
__attribute__((constructor)) static void init(void) { g = 3; assert(g == 4); }
int main(void) { return g - 3; }
`},
		{"atexit", `#include <assert.h>
#include <stdlib.h>
int g;
static void bye(void) { assert(g == 0); }
int main(void) { atexit(bye); g = 7; return 0; }
`},
		{"qsort", `#include <assert.h>
#include <stdlib.h>
static int cmp(const void *a, const void *b) {
    int x = *(const int *)a, y = *(const int *)b;
    assert(x != 2 || y != 1);
    return (x > y) - (x < y);
}
int main(void) { int v[] = {3, 2, 1}; qsort(v, 3, sizeof v[0], cmp); return v[0] - 1; }
`},
		{"errno", `#include <assert.h>
#include <errno.h>
#include <stdlib.h>
int main(void) {
    errno = 0;
    long v = strtol("99999999999999999999999999", 0, 10);
    assert(errno == 0);
    return v == 0;
}
`},
	} {
		t.Run(c.name, func(t *testing.T) {
			if !assertFailed(gccRun(t, c.prog, "")) {
				t.Fatal("a plain run does not fail the assertion")
			}
			p := parse(t, c.name+".c", c.prog)
			r := check(t, New(fast), &bmc.Query{Program: p, Target: 0, K: 1})
			if r.Status != bmc.Falsified {
				t.Errorf("%v %s, want FALSIFIED", r.Status, r.Reason)
			}
		})
	}
}

func TestBoundaryValue(t *testing.T) {
	needGCC(t)
	const prog = `#include <assert.h>
#include <limits.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
    int x = __VERIFIER_nondet_int();
    if (x < -5)
        assert(x != INT_MIN);
    return 0;
}
`
	p := parse(t, "bound.c", prog)
	r := check(t, New(fast), &bmc.Query{Program: p, Target: 0, K: 1})
	if r.Status != bmc.Falsified {
		t.Fatalf("%v %s, want FALSIFIED", r.Status, r.Reason)
	}
	if in := r.Counterexample.Inputs; len(in) != 1 || in[0].Name != "__VERIFIER_nondet_int#1" || in[0].Value != "-2147483648" {
		t.Errorf("inputs %+v", in)
	}
}

func TestFuzzerFindsMagic(t *testing.T) {
	needGCC(t)
	needAFL(t)
	const prog = `#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
    int x = __VERIFIER_nondet_int();
    int y = __VERIFIER_nondet_int();
    if (x == 0x1234567 && y > 0)
        assert(y < 100);
    return 0;
}
`
	p := parse(t, "magic.c", prog)
	c := New(&Options{Fuzz: 30 * time.Second, Seeds: 4})
	r := check(t, c, &bmc.Query{Program: p, Target: 0, K: 1})
	if r.Status != bmc.Falsified {
		t.Fatalf("%v %s, want FALSIFIED", r.Status, r.Reason)
	}
	if in := r.Counterexample.Inputs; len(in) < 1 || in[0].Value != "19088743" {
		t.Errorf("inputs %+v", in)
	}
	// Without the fuzzer the seeded runs do not find it.
	r = check(t, New(&Options{Fuzz: -1, Seeds: 4}), &bmc.Query{Program: p, Target: 0, K: 1})
	if r.Status != bmc.Unknown || !strings.Contains(r.Reason, "13 seeded runs") {
		t.Errorf("no fuzzing: %v %q", r.Status, r.Reason)
	}
}

// TestFuzzerEnvKnown runs afl-fuzz with the checker's environment (but
// not quiet) and checks that it names no variable this AFL++ does not
// know: it warns of each and sleeps two seconds before it fuzzes.
func TestFuzzerEnvKnown(t *testing.T) {
	needAFL(t)
	fuzzer, cc, _ := New(nil).fuzzTools()
	dir := t.TempDir()
	src := "#include <stdio.h>\nint main(void) { char b[4]; return fread(b, 1, 4, stdin) == 4 && b[0] == 7; }\n"
	if err := os.WriteFile(filepath.Join(dir, "p.c"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	env := []string{"PATH=" + os.Getenv("PATH"), "HOME=" + os.Getenv("HOME"), "AFL_QUIET=1"}
	res, err := proc.Run(context.Background(), &proc.Cmd{Path: cc, Args: []string{"-o", "p", "p.c"}, Dir: dir, Env: env, Timeout: time.Minute})
	if err != nil || res.ExitCode != 0 {
		t.Fatalf("%s: %v %s", cc, err, res.Stderr)
	}
	if err := os.MkdirAll(filepath.Join(dir, "in"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "in", "seed"), []byte("abcd"), 0o644); err != nil {
		t.Fatal(err)
	}
	env = env[:2]
	for _, e := range fuzzerEnv {
		if e != "AFL_QUIET=1" {
			env = append(env, e)
		}
	}
	out, err := runFuzzer(context.Background(), fuzzer, []string{"-i", "in", "-o", "out", "-V", "1", "-m", "none", "--", "./p"}, dir, env, time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "Time limit was reached") {
		t.Fatalf("afl-fuzz did not run to its time limit:\n%s", out)
	}
	for _, line := range strings.Split(out, "\n") {
		if strings.Contains(line, "Mistyped AFL environment variable") || strings.Contains(line, "Unknown AFL environment variable") {
			t.Errorf("afl-fuzz: %s", line)
		}
	}
}

func TestMissingFuzzer(t *testing.T) {
	needGCC(t)
	const prog = `#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) { int x = __VERIFIER_nondet_int(); assert(x != 12345); return 0; }
`
	p := parse(t, "nofuzz.c", prog)
	r := check(t, New(&Options{Fuzzer: "no-such-afl-fuzz", Seeds: 2}), &bmc.Query{Program: p, Target: 0, K: 1})
	if r.Status != bmc.Unknown || !strings.Contains(r.Reason, "afl-fuzz (AFL++) not found") {
		t.Errorf("%v %q", r.Status, r.Reason)
	}
}

func TestStdin(t *testing.T) {
	needGCC(t)
	const prog = `#include <assert.h>
#include <stdio.h>
int main(void) {
    int n, m;
    if (scanf("%d %d", &n, &m) != 2) return 1;
    assert(n + m != 0 || n == 0);
    assert(n <= 1000);
    return 0;
}
`
	p := parse(t, "stdin.c", prog)
	c := New(fast)
	r := check(t, c, &bmc.Query{Program: p, Target: 1, K: 1})
	if r.Status != bmc.Falsified || r.Counterexample.Stdin == "" {
		t.Fatalf("%v %s %+v, want FALSIFIED with stdin", r.Status, r.Reason, r.Counterexample)
	}
	if !assertFailed(gccRun(t, prog, r.Counterexample.Stdin)) {
		t.Errorf("the program run on %q does not fail", r.Counterexample.Stdin)
	}
	r = check(t, c, &bmc.Query{Program: p, Target: 0, K: 1})
	if r.Status != bmc.Falsified {
		t.Errorf("n + m != 0: %v %s", r.Status, r.Reason)
	}
}

// Under the assumption of an earlier assertion that fails first, a run
// does not falsify the target.
func TestCompositional(t *testing.T) {
	needGCC(t)
	const prog = `#include <assert.h>
int main(void) {
    int x = 5;
    assert(x > 10);
    assert(x > 20);
    return 0;
}
`
	p := parse(t, "comp.c", prog)
	c := New(fast)
	if r := check(t, c, &bmc.Query{Program: p, Target: 1, K: 1}); r.Status != bmc.Falsified {
		t.Errorf("standalone: %v", r.Status)
	}
	r := check(t, c, &bmc.Query{Program: p, Target: 1, Assume: []int{0}, K: 1})
	if r.Status != bmc.Unknown {
		t.Errorf("assuming a1: %v, want UNKNOWN", r.Status)
	}
	if r := check(t, c, &bmc.Query{Program: p, Target: 0, Assume: []int{1}, K: 1}); r.Status != bmc.Falsified {
		t.Errorf("a1 assuming a later a2: %v", r.Status)
	}
}

// A program that defines NDEBUG has its asserts compiled out: no run of
// it, as the user builds it, fails them.
func TestNDEBUG(t *testing.T) {
	needGCC(t)
	const prog = `#define NDEBUG
#include <assert.h>
int main(void) {
    int x = 1;
    assert(x == 2);
    return 0;
}
`
	if res := gccRun(t, prog, ""); res.ExitCode != 0 {
		t.Fatalf("the program fails when run: %+v", res)
	}
	p := parse(t, "ndebug.c", prog)
	c := New(fast)
	r := check(t, c, &bmc.Query{Program: p, Target: 0, K: 1})
	if r.Status != bmc.Unknown || !strings.Contains(r.Reason, "NDEBUG") {
		t.Errorf("%v %q", r.Status, r.Reason)
	}
	o, err := c.Observe(context.Background(), p, 0)
	if err != nil {
		t.Fatal(err)
	}
	if o.Complete || o.Failed(0) || !strings.Contains(o.Why, "compiled out") {
		t.Errorf("observation %+v", o)
	}
	// The same with the flag given on the command line.
	p = parse(t, "ndebug2.c", strings.TrimPrefix(prog, "#define NDEBUG\n"))
	r = check(t, New(&Options{Fuzz: -1, Flags: []string{"-DNDEBUG"}}), &bmc.Query{Program: p, Target: 0, K: 1})
	if r.Status != bmc.Unknown {
		t.Errorf("-DNDEBUG: %v %q", r.Status, r.Reason)
	}
	if r = check(t, c, &bmc.Query{Program: p, Target: 0, K: 1}); r.Status != bmc.Falsified {
		t.Errorf("without NDEBUG: %v %q", r.Status, r.Reason)
	}
}

func TestSignedOverflowHazard(t *testing.T) {
	needGCC(t)
	const prog = `#include <assert.h>
#include <limits.h>
int main(void) {
    int x = INT_MAX;
    int y = x + 1;
    assert(y < x);
    return 0;
}
`
	p := parse(t, "overflow.c", prog)
	c := New(fast)
	r := check(t, c, &bmc.Query{Program: p, Target: 0, K: 1})
	if len(r.Hazards) != 1 || r.Hazards[0].Line != 5 || r.Hazards[0].Construct != "undefined behaviour" ||
		!strings.Contains(r.Hazards[0].Detail, "signed integer overflow") || !strings.Contains(r.Hazards[0].Detail, "shown by a run under gcc's sanitizers") {
		t.Errorf("hazards %+v", r.Hazards)
	}
	o, _ := c.Observe(context.Background(), p, 0)
	if len(o.Undefined) != 1 || o.Complete {
		t.Errorf("observation %+v", o)
	}
	// A clean program has none.
	p = parse(t, "clean.c", "#include <assert.h>\nint main(void) { int x = 3; assert(x == 3); return 0; }\n")
	o, _ = c.Observe(context.Background(), p, 0)
	if len(o.Undefined) != 0 || !o.Complete || o.Failed(0) || !o.Reached(0) {
		t.Errorf("clean: %+v", o)
	}
}

func TestCompileError(t *testing.T) {
	needGCC(t)
	p := parse(t, "bad.c", "#include <assert.h>\nint main(void) { int x = 1; assert(x == undeclared_name); return 0; }\n")
	r := check(t, New(fast), &bmc.Query{Program: p, Target: 0, K: 1})
	if r.Status != bmc.Unknown || !strings.HasPrefix(r.Reason, "gcc failed: ") {
		t.Errorf("%v %q", r.Status, r.Reason)
	}
}

// A predicate with side effects is evaluated apart where a query removes
// it: the run goes on as the query's program does.
func TestSideEffects(t *testing.T) {
	needGCC(t)
	const prog = `#include <assert.h>
int n;
int bump(void) { return ++n; }
int main(void) {
    for (int i = 0; i < 3; i++)
        assert(bump() < 3);
    assert(n == 0);
    return 0;
}
`
	p := parse(t, "effects.c", prog)
	c := New(fast)
	// a2 alone: bump() never runs, n stays 0, a2 holds.
	if r := check(t, c, &bmc.Query{Program: p, Target: 1, K: 1}); r.Status != bmc.Unknown {
		t.Errorf("a2: %v, want UNKNOWN (n stays 0 without a1)", r.Status)
	}
	// a1 alone: bump() returns 1, 2, 3: fails at its third evaluation,
	// which only the query's own program shows.
	if r := check(t, c, &bmc.Query{Program: p, Target: 0, K: 1}); r.Status != bmc.Falsified {
		t.Errorf("a1: %v %q, want FALSIFIED", r.Status, r.Reason)
	}
	// a2 assuming a1: the run fails a1 first.
	if r := check(t, c, &bmc.Query{Program: p, Target: 1, Assume: []int{0}, K: 1}); r.Status != bmc.Unknown {
		t.Errorf("a2 assuming a1: %v", r.Status)
	}
}

func TestCancel(t *testing.T) {
	needGCC(t)
	p := parse(t, "slow.c", "#include <assert.h>\nint main(void) { volatile unsigned long i = 0; for (;;) i++; assert(i == 0); return 0; }\n")
	// 20 ms ends while gcc builds the program, 500 ms (on a quiet machine)
	// while it runs: either way nothing may be left running.
	for _, wait := range []time.Duration{20 * time.Millisecond, 500 * time.Millisecond} {
		ctx, cancel := context.WithTimeout(context.Background(), wait)
		start := time.Now()
		_, err := New(&Options{Timeout: 30 * time.Second}).Check(ctx, &bmc.Query{Program: p, Target: 0, K: 1})
		cancel()
		if err == nil {
			t.Fatalf("%v: no error after the context ended", wait)
		}
		if d := time.Since(start); d > 10*time.Second {
			t.Errorf("%v: Check took %v after cancellation", wait, d)
		}
		if n := proc.Running(); n != 0 {
			t.Errorf("%v: %d processes left running", wait, n)
		}
	}
}

func TestVariant(t *testing.T) {
	needGCC(t)
	const prog = `#include <assert.h>
int mut = 0;
int main(void) {
    int x = 2;
    if (mut == 1) x = 3;
    assert(x == 2);
    return 0;
}
`
	p := parse(t, "variant.c", prog)
	p, err := p.WithSwitch("mut")
	if err != nil {
		t.Fatal(err)
	}
	c := New(fast)
	if r := check(t, c, &bmc.Query{Program: p, Target: 0, K: 1}); r.Status != bmc.Unknown {
		t.Errorf("variant 0: %v", r.Status)
	}
	if r := check(t, c, &bmc.Query{Program: p, Target: 0, K: 1, Variant: 1}); r.Status != bmc.Falsified {
		t.Errorf("variant 1: %v", r.Status)
	}
}

// The variants of a schema (the audit's mutants) share one build, whose
// switch the harness sets at run time; each variant has its own runs, and
// only the program as written is fuzzed.
func TestVariantsShareOneBuild(t *testing.T) {
	needGCC(t)
	const prog = `#include <assert.h>
int __VERIFIER_nondet_int(void);
int mut = 0;
int main(void) {
    int x = __VERIFIER_nondet_int() & 1;
    if (mut == 1) x = 3;
    if (mut == 2) x = x & 1;
    assert(x >= 0 && x <= 1);
    return 0;
}
`
	p, err := parse(t, "variants.c", prog).WithSwitch("mut")
	if err != nil {
		t.Fatal(err)
	}
	c := New(&Options{Fuzz: time.Second})
	want := []bmc.Status{bmc.Unknown, bmc.Falsified, bmc.Unknown}
	for v, w := range want {
		if r := check(t, c, &bmc.Query{Program: p, Target: 0, K: 1, Variant: v}); r.Status != w {
			t.Errorf("variant %d: %v, want %v (%s)", v, r.Status, w, r.Reason)
		}
	}
	if c.builds.len() != 1 {
		t.Errorf("%d builds for the 3 variants of one schema, want 1", c.builds.len())
	}
	if c.runs.len() != 3 {
		t.Errorf("%d run states, want 3 (one per variant)", c.runs.len())
	}
	st0, err := c.state(context.Background(), p, 0)
	if err != nil {
		t.Fatal(err)
	}
	for v := 1; v < len(want); v++ {
		st, err := c.state(context.Background(), p, v)
		if err != nil {
			t.Fatal(err)
		}
		if st.fuzzTime != 0 || st.fuzzed != 0 {
			t.Errorf("variant %d was fuzzed (%v, %d inputs)", v, st.fuzzTime, st.fuzzed)
		}
		if st.seeded >= st0.seeded || st.sanRuns > maxVariantSanRuns {
			t.Errorf("variant %d: %d seeded runs (the program %d), %d sanitized", v, st.seeded, st0.seeded, st.sanRuns)
		}
	}
}

func TestConcurrentQueriesBuildOnce(t *testing.T) {
	needGCC(t)
	p := parse(t, "many.c", "#include <assert.h>\nint main(void) { int x = 4; assert(x == 4); assert(x == 5); assert(x > 0); return 0; }\n")
	c := New(fast)
	done := make(chan *bmc.Result, 12)
	for i := range 12 {
		go func() {
			r, err := c.Check(context.Background(), &bmc.Query{Program: p, Target: i % 3, K: 1})
			if err != nil {
				t.Error(err)
			}
			done <- r
		}()
	}
	falsified := 0
	for range 12 {
		if r := <-done; r != nil && r.Status == bmc.Falsified {
			falsified++
		}
	}
	if falsified != 4 {
		t.Errorf("%d FALSIFIED, want 4", falsified)
	}
	if c.runs.len() != 1 {
		t.Errorf("%d cache entries", c.runs.len())
	}
}

func TestVersion(t *testing.T) {
	needGCC(t)
	v, err := New(nil).Version(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(v, EngineVersion+" gcc") {
		t.Errorf("version %q", v)
	}
	w, _ := New(&Options{Flags: []string{"-DX=1"}}).Version(context.Background())
	if w == v {
		t.Error("the flags are not part of the version")
	}
}

func TestRegistered(t *testing.T) {
	c, err := bmc.Lookup("run")
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := c.(bmc.Prober); !ok {
		t.Error("not a Prober")
	}
	if _, ok := c.(bmc.Versioner); !ok {
		t.Error("not a Versioner")
	}
}

// rand is the C library's, as in the program as compiled: without srand
// its first value is the same on every run (glibc's 1804289383, 1 modulo
// 6), so a run decides an assertion on it, and one it holds on is never
// FALSIFIED by values the library would not give.
func TestRand(t *testing.T) {
	needGCC(t)
	const prog = `#include <assert.h>
#include <stdlib.h>
int main(void) {
    int r = rand() % 6;
    assert(r != 1);
    assert(r != 5);
    return 0;
}
`
	p := parse(t, "rand.c", prog)
	c := New(fast)
	if r := check(t, c, &bmc.Query{Program: p, Target: 0, K: 1}); r.Status != bmc.Falsified {
		t.Fatalf("r != 1: %v %q, want FALSIFIED by the library's first value", r.Status, r.Reason)
	}
	if r := check(t, c, &bmc.Query{Program: p, Target: 1, K: 1}); r.Status != bmc.Unknown {
		t.Fatalf("r != 5: %v %q, want UNKNOWN: no run of the program fails it", r.Status, r.Reason)
	}
}

// A program that reads both nondeterministic values and stdin, fuzzed:
// the fuzzer's bytes are split between the two, and the counterexample
// says both.
func TestNondetAndStdin(t *testing.T) {
	needGCC(t)
	needAFL(t)
	const prog = `#include <assert.h>
#include <stdio.h>
extern unsigned char __VERIFIER_nondet_uchar(void);
int main(void) {
    unsigned char k = __VERIFIER_nondet_uchar();
    if (k == 77) {
        int c = getchar();
        if (c == '0')
            assert(0);
    }
    return 0;
}
`
	p := parse(t, "both.c", prog)
	r := check(t, New(&Options{Fuzz: 30 * time.Second, Seeds: 2}), &bmc.Query{Program: p, Target: 0, K: 1})
	if r.Status != bmc.Falsified {
		t.Fatalf("%v %q", r.Status, r.Reason)
	}
	if cex := r.Counterexample; len(cex.Inputs) != 1 || cex.Inputs[0].Value != "77u" || !strings.HasPrefix(cex.Stdin, "0") {
		t.Errorf("counterexample %+v", cex)
	}
}

// Input the runs do not vary (the environment) makes one run that is not
// every execution.
func TestUncontrolledInput(t *testing.T) {
	needGCC(t)
	p := parse(t, "env.c", `#include <assert.h>
#include <stdlib.h>
int main(void) { const char *h = getenv("SURETY_NO_SUCH_VARIABLE"); assert(h != 0); return 0; }
`)
	c := New(nil)
	r := check(t, c, &bmc.Query{Program: p, Target: 0, K: 1})
	if r.Status != bmc.Falsified {
		t.Errorf("%v %q", r.Status, r.Reason)
	}
	o, err := c.Observe(context.Background(), p, 0)
	if err != nil {
		t.Fatal(err)
	}
	if !o.ReadsInput || o.Complete || o.Runs != 1 || !strings.Contains(o.Why, "getenv") {
		t.Errorf("observation %+v", o)
	}
}

// The engine leaves no temporary directory behind: the runs' own go at
// once, a build when it has been idle for buildIdle, or at Close.
func TestNoLeftovers(t *testing.T) {
	needGCC(t)
	pattern := filepath.Join(os.TempDir(), fmt.Sprintf("surety-run*-%d.*", os.Getpid()))
	before, _ := filepath.Glob(pattern) // other tests' builds, not yet idle long enough
	glob := func() (left []string) {
		all, _ := filepath.Glob(pattern)
		for _, d := range all {
			if !slices.Contains(before, d) {
				left = append(left, d)
			}
		}
		return left
	}
	p := parse(t, "left.c", "#include <assert.h>\nint f(int x) { return x + 1; }\nint main(void) { int n = 0; assert(f(n) == 2); return 0; }\n")
	c := New(fast)
	if r := check(t, c, &bmc.Query{Program: p, Target: 0, K: 1}); r.Status != bmc.Falsified {
		t.Errorf("%v %q", r.Status, r.Reason)
	}
	if left := glob(); len(left) != 1 {
		t.Errorf("want the build alone kept, found %v", left)
	}
	c.Close()
	if left := glob(); len(left) > 0 {
		t.Errorf("left behind after Close: %v", left)
	}
	// Used again, the build is made again, and goes when idle.
	if r := check(t, c, &bmc.Query{Program: p, Target: 0, K: 2}); r.Status != bmc.Falsified {
		t.Errorf("%v %q", r.Status, r.Reason)
	}
	time.Sleep(buildIdle + time.Second)
	if left := glob(); len(left) > 0 {
		t.Errorf("left behind after %v idle: %v", buildIdle, left)
	}
}

// A predicate that leaves the program (exit in a called function) is not
// a failed assertion: the child that evaluated it said nothing.
func TestPredicateExits(t *testing.T) {
	needGCC(t)
	const prog = `#include <assert.h>
#include <stdlib.h>
int check(int x) { if (x > 0) exit(1); return 1; }
int main(void) {
    int x = 5;
    assert(check(x));
    assert(x == 5);
    return 0;
}
`
	if res := gccRun(t, prog, ""); assertFailed(res) || res.ExitCode != 1 {
		t.Fatalf("the program fails an assertion: %+v", res)
	}
	p := parse(t, "exits.c", prog)
	c := New(fast)
	if r := check(t, c, &bmc.Query{Program: p, Target: 0, K: 1}); r.Status != bmc.Unknown {
		t.Errorf("a1: %v, want UNKNOWN", r.Status)
	}
	o, err := c.Observe(context.Background(), p, 0)
	if err != nil {
		t.Fatal(err)
	}
	if o.Failed(0) || o.Complete || !o.Reached(1) {
		t.Errorf("observation %+v", o)
	}
}

// An assumption that NDEBUG compiles out is still assumed by the query.
func TestNDEBUGAssumption(t *testing.T) {
	needGCC(t)
	const prog = `#include <assert.h>
int main(void) {
    int x = 1;
#define NDEBUG
#include <assert.h>
    assert(x == 2);
#undef NDEBUG
#include <assert.h>
    assert(x == 3);
    return 0;
}
`
	p := parse(t, "ndebug3.c", prog)
	c := New(fast)
	if r := check(t, c, &bmc.Query{Program: p, Target: 1, K: 1}); r.Status != bmc.Falsified {
		t.Errorf("a2 alone: %v %q", r.Status, r.Reason)
	}
	if r := check(t, c, &bmc.Query{Program: p, Target: 1, Assume: []int{0}, K: 1}); r.Status != bmc.Unknown {
		t.Errorf("a2 assuming a1: %v %q, want UNKNOWN (a1 fails first)", r.Status, r.Reason)
	}
}

// A Csmith program (its header preprocessed in) reads no input but argv:
// one run decides an assertion on its final checksum, a value no bound
// reaches.
func TestCsmith(t *testing.T) {
	needGCC(t)
	if _, err := proc.LookPath("csmith"); err != nil {
		t.Skip("needs csmith (Debian's csmith and libcsmith-dev)")
	}
	dir := t.TempDir()
	res, err := proc.Run(context.Background(), &proc.Cmd{Path: "csmith", Args: []string{"--seed", "7", "-o", "cs.c"}, Dir: dir, Timeout: time.Minute})
	if err != nil || res.ExitCode != 0 {
		t.Fatalf("csmith: %v", err)
	}
	res, err = proc.Run(context.Background(), &proc.Cmd{Path: "gcc", Args: []string{"-E", "-P", "-I/usr/include/csmith", "cs.c"}, Dir: dir, Timeout: time.Minute})
	if err != nil || res.ExitCode != 0 {
		t.Skipf("cannot preprocess csmith's header: %v %s", err, res.Stderr)
	}
	src := string(res.Stdout)
	i := strings.LastIndex(src, "return 0;")
	if i < 0 {
		t.Fatal("no return in main")
	}
	src = "#include <assert.h>\n" + src[:i] + "assert(crc32_context == 0); " + src[i:]
	if !assertFailed(gccRun(t, src, "")) {
		t.Skip("the checksum is 0 on this seed")
	}
	p := parse(t, "csmith7.c", src)
	c := New(nil)
	r := check(t, c, &bmc.Query{Program: p, Target: len(p.Asserts) - 1, K: 5})
	if r.Status != bmc.Falsified || len(r.Hazards) != 0 {
		t.Errorf("%v %q %v", r.Status, r.Reason, r.Hazards)
	}
	o, err := c.Observe(context.Background(), p, 0)
	if err != nil {
		t.Fatal(err)
	}
	if o.Runs != 1 || !o.ReadsInput || o.Why != "the program reads input: argv; 1 run, the program reads input the runs do not vary (argv)" {
		t.Errorf("observation %+v", o)
	}
}

// SV-COMP's conventions: the program's own __VERIFIER_assert and
// reach_error, and an error call as an assertion.
func TestSVCOMP(t *testing.T) {
	needGCC(t)
	const prog = `#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { abort(); }
void __VERIFIER_assert(int cond) { if (!cond) { ERROR: {reach_error(); abort();} } }
int main(void) {
    int x = __VERIFIER_nondet_int();
    __VERIFIER_assert(x != 7);
    if (x == -1) reach_error();
    return 0;
}
`
	p := parse(t, "sv.c", prog)
	if len(p.Asserts) != 2 {
		t.Fatalf("%d assertions", len(p.Asserts))
	}
	c := New(fast)
	for i := range p.Asserts {
		if r := check(t, c, &bmc.Query{Program: p, Target: i, K: 1}); r.Status != bmc.Falsified {
			t.Errorf("a%d: %v %q", i+1, r.Status, r.Reason)
		}
	}
}

// The fuzzer also hunts a failure before any other: the seeded runs fail
// a2 only after a1 (x == -1), and only the fuzzer finds the run where a2
// fails first, which a query assuming a1 needs.
func TestFuzzerFindsFirstFailure(t *testing.T) {
	needGCC(t)
	needAFL(t)
	const prog = `#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
    int x = __VERIFIER_nondet_int();
    assert(x != -1);
    assert(x != -1 && x != 0x1234567);
    return 0;
}
`
	p := parse(t, "first.c", prog)
	q := &bmc.Query{Program: p, Target: 1, Assume: []int{0}, K: 1}
	if r := check(t, New(&Options{Fuzz: -1, Seeds: 2}), q); r.Status != bmc.Unknown {
		t.Fatalf("without fuzzing: %v %q", r.Status, r.Reason)
	}
	c := New(&Options{Fuzz: 30 * time.Second, Seeds: 2})
	if r := check(t, c, q); r.Status != bmc.Falsified {
		t.Errorf("a2 assuming a1: %v %q", r.Status, r.Reason)
	}
	o, err := c.Observe(context.Background(), p, 0)
	if err != nil {
		t.Fatal(err)
	}
	if o.Asserts[1].First == 0 || o.Asserts[0].First == 0 {
		t.Errorf("observation %+v", o)
	}
}

// A caller that gives up does not take the runs away from one that waits.
func TestCancelledCallerLeavesTheRunsToOthers(t *testing.T) {
	needGCC(t)
	p := parse(t, "busy.c", "#include <assert.h>\nint main(void) { volatile long i; for (i = 0; i < 100000000; i++); assert(i == 0); return 0; }\n")
	q := &bmc.Query{Program: p, Target: 0, K: 1}
	c := New(&Options{Fuzz: -1, Timeout: time.Minute})
	ctx, cancel := context.WithCancel(context.Background())
	gaveUp := make(chan error, 1)
	go func() {
		_, err := c.Check(ctx, q)
		gaveUp <- err
	}()
	time.AfterFunc(200*time.Millisecond, cancel)
	r := check(t, c, q)
	if r.Status != bmc.Falsified {
		t.Errorf("%v %q", r.Status, r.Reason)
	}
	if err := <-gaveUp; err == nil {
		t.Log("the first caller finished before it was cancelled")
	}
}

// TestBodilessFunctions: a function the program declares and calls and
// that nothing defines returns any value of its type (bmc.BodilessFunc):
// the runs give it values, as the nondeterministic functions get theirs,
// and find the one that fails the assertion; the counterexample names it
// and replays. The truth: the program linked with a definition returning
// 0 fails the assertion.
func TestBodilessFunctions(t *testing.T) {
	needGCC(t)
	const prog = `#include <assert.h>
long count_of(const char *what, int flags);
void log_value(long v);
int main(void) {
    long n = count_of("items", 1);
    log_value(n);
    assert(n != 0);
    return 0;
}
`
	if res := gccRun(t, prog+"long count_of(const char *what, int flags) { return 0; }\nvoid log_value(long v) {}\n", ""); !assertFailed(res) {
		t.Fatalf("with count_of returning 0 the program does not fail its assertion: %+v", res)
	}
	r := check(t, New(fast), &bmc.Query{Program: parse(t, "bodiless.c", prog), Target: 0, K: 1})
	if r.Status != bmc.Falsified {
		t.Fatalf("%v %s, want FALSIFIED", r.Status, r.Reason)
	}
	if in := r.Counterexample.Inputs; len(in) != 1 || !strings.HasPrefix(in[0].Name, "count_of#") || in[0].Value != "0" {
		t.Errorf("inputs %+v, want count_of returning 0", in)
	}
}
