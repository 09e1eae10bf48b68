package selftest

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/suretydev/surety/bmc"
	"github.com/suretydev/surety/selftest/cgen"
)

func need(t *testing.T, progs ...string) {
	t.Helper()
	for _, p := range progs {
		if _, err := exec.LookPath(p); err != nil {
			t.Skipf("%s not installed", p)
		}
	}
}

// TestTruth checks the truth machinery on a program whose truth is known
// by reading it: a loop longer than k, an assertion that holds, one that
// fails at its first reach inside a loop, one never reached.
func TestTruth(t *testing.T) {
	need(t, "gcc")
	src := cgen.Header + `int g;
int main(void) {
    for (int i = 0; i < 10; i++) { g += i; assert(g != 0); }
    assert(g == 45);
    if (g < 0) assert(g == 1);
    return 0;
}
`
	c, err := trace(context.Background(), &builder{dir: t.TempDir()}, "t", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	want := []Truth{{Line: 5, Pred: "g != 0", Reached: true, Fails: true}, {Line: 6, Pred: "g == 45", Reached: true},
		{Line: 7, Pred: "g == 1"}}
	if len(c.Asserts) != len(want) {
		t.Fatalf("asserts %+v, want %+v", c.Asserts, want)
	}
	for i := range want {
		if c.Asserts[i] != want[i] {
			t.Errorf("assert %d: %+v, want %+v", i, c.Asserts[i], want[i])
		}
	}
	if !c.Fails() || !c.FailsUnder(0, []int{1}) || c.FailsUnder(2, nil) {
		t.Errorf("Fails %v FailsUnder(0,{1}) %v FailsUnder(2) %v", c.Fails(), c.FailsUnder(0, []int{1}), c.FailsUnder(2, nil))
	}
	for _, tc := range []struct {
		i    int
		v    bmc.Verdict
		ig   []int
		want bool
	}{{0, bmc.VerdictVerified, nil, true}, {0, bmc.VerdictFalsified, nil, false}, {1, bmc.VerdictFalsified, nil, true},
		{1, bmc.VerdictVerified, nil, false}, {1, bmc.VerdictUnknown, nil, false}, {0, bmc.VerdictCVerified, []int{1}, true},
		{2, bmc.VerdictVerified, nil, false}, {2, bmc.VerdictFalsified, nil, true}} {
		if got := c.Judge(tc.i, tc.v, tc.ig) != ""; got != tc.want {
			t.Errorf("Judge(%d, %v, %v) wrong = %v, want %v", tc.i, tc.v, tc.ig, got, tc.want)
		}
	}
}

// TestGeneratedTruth settles the truth of generated programs: every one
// builds and ends, and each gets assertions that hold and that fail.
func TestGeneratedTruth(t *testing.T) {
	need(t, "gcc")
	var holds, fails int
	for seed := int64(0); seed < 15; seed++ {
		b := &builder{dir: t.TempDir()}
		c, err := settle(context.Background(), b, "gen", cgen.Generate(seed, nil))
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		for _, a := range c.Asserts {
			if a.Fails {
				fails++
			} else {
				holds++
			}
		}
	}
	if holds < 10 || fails < 10 {
		t.Errorf("15 programs: %d assertions hold, %d fail; want a mix", holds, fails)
	}
}

// TestInputTruth settles the truth of programs that read an input: a run
// for each input.
func TestInputTruth(t *testing.T) {
	need(t, "gcc")
	src := cgen.Header + `#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
    int n = __VERIFIER_nondet_int();
    if (n < 0 || n >= 8) return 0;
    assert(n != 5);
    assert(n < 8);
    return 0;
}
`
	c, err := trace(context.Background(), &builder{dir: t.TempDir()}, "t", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Runs) != cgen.Inputs || !c.Asserts[0].Fails || c.Asserts[1].Fails || !c.Fails() {
		t.Errorf("runs %d, asserts %+v", len(c.Runs), c.Asserts)
	}
	for seed := int64(0); seed < 5; seed++ {
		if _, err := settle(context.Background(), &builder{dir: t.TempDir()}, "input", cgen.Generate(seed, &cgen.Options{Input: true})); err != nil {
			t.Errorf("seed %d: %v", seed, err)
		}
	}
}

func TestCsmithTruth(t *testing.T) {
	need(t, "gcc", "csmith")
	if CsmithInclude() == "" {
		t.Skip("libcsmith-dev not installed")
	}
	ok := 0
	for seed := int64(1); seed <= 4; seed++ {
		b := &builder{dir: t.TempDir(), include: []string{CsmithInclude()}}
		p, err := csmithProgram(context.Background(), b, seed, false)
		if err == nil {
			_, err = settle(context.Background(), b, "csmith", p)
		}
		if err == nil {
			ok++
		} else {
			t.Logf("seed %d: %v", seed, err)
		}
	}
	if ok < 2 {
		t.Errorf("%d of 4 Csmith programs settled", ok)
	}
}

// TestCsmithStructs takes Csmith programs with structs and bit-fields
// (Options.CsmithStructs; seed 7400005's has ten bit-fields) through the
// native engine alone: every assertion decided, none wrongly.
func TestCsmithStructs(t *testing.T) {
	need(t, "gcc", "csmith", "cvc5")
	if CsmithInclude() == "" {
		t.Skip("libcsmith-dev not installed")
	}
	p, err := csmithProgram(context.Background(), &builder{dir: t.TempDir(), include: []string{CsmithInclude()}}, 7400005, true)
	if err != nil {
		t.Fatal(err)
	}
	bits := 0
	for _, l := range p.Lines {
		if bitField.MatchString(l.Text) {
			bits++
		}
	}
	if bits == 0 {
		t.Fatal("csmith's program 7400005 holds no bit-field")
	}
	r, err := Run(context.Background(), &Options{Seed: 7400004, Count: 2, Csmith: true, CsmithStructs: true, Paths: []string{"facts/native"}})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range r.Counts {
		if c.Wrong > 0 || c.Unknown > 0 || c.Errors > 0 || c.Programs != 2 {
			t.Errorf("%s: %d programs, %d assertions, %d right, %d unknown, %d wrong, %d errors", c.Path, c.Programs, c.Assertions, c.Right, c.Unknown, c.Wrong, c.Errors)
		}
	}
}

// bitField matches a member declaration with a width, as Csmith writes one.
var bitField = regexp.MustCompile(`^\s*(signed|unsigned)( int)? [a-z0-9_]* ?: \d+;`)

func TestTaskSource(t *testing.T) {
	got := string(TaskSource([]byte(cgen.Header + "int main(void) {\n    assert(1 == 1);\n}\n")))
	if !strings.Contains(got, "    __VERIFIER_assert(1 == 1);") || strings.Contains(got, "<assert.h>") {
		t.Errorf("TaskSource:\n%s", got)
	}
}

// TestSelfTest is the differential self-test on a fixed slice of 120
// generated programs (every fourth reading an input) through the default
// path, which every user of surety facts takes: its verdicts, and the
// same answers served by the cache. No path may give a wrong verdict.
// The slice is what CI's two cores run beside the other packages under
// -race within make test's timeout (200 did not: stop 45);
// SURETY_SELFTEST_COUNT=N runs another size, `surety selftest --seed S
// --count N` any other slice; -short takes 8.
func TestSelfTest(t *testing.T) {
	selfTest(t, 120, &Options{Seed: 20261206, Inputs: true, Workers: 2, Timeout: 10 * time.Second,
		Paths: []string{"facts/default", "cache/default"}})
}

// TestSelfTestAudit takes 12 programs through the default path's audit:
// no assertion a run reaches is called unreachable, none is called weak
// when a surviving mutant fails it on a run.
func TestSelfTestAudit(t *testing.T) {
	selfTest(t, 12, &Options{Seed: 30261206, Inputs: true, Workers: 2,
		Paths: []string{"facts/default", "audit/default", "weak/default"}})
}

// TestSelfTestEveryPath takes a smaller fixed slice, Csmith's programs
// among them, through every path: each engine alone (its own claims
// under raw/, findings about the engine, not wrong verdicts of surety),
// the default path and the SV-COMP task path.
func TestSelfTestEveryPath(t *testing.T) {
	selfTest(t, 12, &Options{Seed: 7_000_000, Inputs: true, Csmith: true, Workers: 2})
}

func selfTest(t *testing.T, count int, opts *Options) {
	need(t, "gcc", "z3")
	if testing.Short() {
		count = min(count, 8)
	}
	if s := os.Getenv("SURETY_SELFTEST_COUNT"); s != "" {
		if _, err := fmt.Sscan(s, &count); err != nil {
			t.Fatal(err)
		}
	}
	ctx := context.Background()
	if d, ok := t.Deadline(); ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadline(ctx, d.Add(-time.Minute))
		defer cancel()
	}
	opts.Count, opts.Keep = count, t.TempDir()
	r, err := Run(ctx, opts)
	if err != nil {
		t.Fatalf("%v (go test -timeout 60m for a loaded machine)", err)
	}
	t.Logf("%d programs, %d without truth; seconds per program: median %.1f, max %.1f", r.Programs, r.NoTruth, r.MedianSeconds, r.MaxSeconds)
	if r.NoTruth > count/10 {
		t.Errorf("%d of %d programs without truth", r.NoTruth, count)
	}
	for _, c := range r.Counts {
		t.Logf("%-16s programs %d assertions %d right %d unknown %d WRONG %d errors %d (%.0fs)", c.Path, c.Programs, c.Assertions, c.Right, c.Unknown, c.Wrong, c.Errors, c.Seconds)
		// raw/ENGINE counts an engine's own claims, before the run check:
		// findings about the engine, not wrong verdicts of surety.
		if c.Wrong > 0 && !strings.HasPrefix(c.Path, "raw/") {
			t.Errorf("%s: %d wrong verdicts", c.Path, c.Wrong)
		}
	}
	shown := map[string]bool{}
	for _, w := range r.Wrong {
		kind := w.Path + " " + w.Verdict + " " + w.Truth
		if shown[kind] || strings.HasPrefix(w.Path, "raw/") {
			continue
		}
		shown[kind] = true
		src, _ := os.ReadFile(w.File)
		t.Logf("first %s: %s line %d %q: %s\n%s", kind, w.Program, w.Line, w.Pred, w.Reason, src)
	}
}

// TestRegressions takes each reduced program of testdata/regress (a
// wrong verdict that the self-test found, reduced with cvise; its .json
// is the selftest.Wrong) through its path again: its truth comes from a
// gcc run now, and the path must not be wrong on it.
func TestRegressions(t *testing.T) {
	need(t, "gcc", "z3")
	files, _ := filepath.Glob(filepath.Join("testdata", "regress", "*.c"))
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			b, err := os.ReadFile(strings.TrimSuffix(file, ".c") + ".json")
			if err != nil {
				t.Fatal(err)
			}
			var w Wrong
			if err := json.Unmarshal(b, &w); err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			c, err := trace(context.Background(), &builder{dir: dir}, w.Program, src)
			if err != nil {
				t.Fatal(err)
			}
			pr := &ProgramResult{Name: w.Program}
			j := &judge{ctx: context.Background(), opts: &Options{}, c: c, dir: dir, keep: dir, pr: pr}
			j.run([]string{w.Path})
			if len(pr.Errors) > 0 {
				t.Errorf("errors: %q", pr.Errors)
			}
			for _, got := range pr.Wrong {
				t.Errorf("%s %q: %s, truth %s; %s (found as %s)", got.Path, got.Pred, got.Verdict, got.Truth, got.Reason, w.Verdict)
			}
		})
	}
}

func TestApplyMutant(t *testing.T) {
	src := []byte("int a;\nint main(void) { a = 1 + 2; }\n")
	got, ok := applyMutant(src, 2, "+", "-")
	if !ok || string(got) != "int a;\nint main(void) { a = 1 - 2; }\n" {
		t.Errorf("applyMutant: %q %v", got, ok)
	}
	if _, ok := applyMutant([]byte("a = 1 + 2 + 3;\n"), 1, "+", "-"); ok {
		t.Error("an ambiguous change was applied")
	}
	if _, ok := applyMutant(src, 1, "+", "-"); ok {
		t.Error("a change not on its line was applied")
	}
}
