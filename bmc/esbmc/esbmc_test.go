package esbmc

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/suretydev/surety/bmc"
	"github.com/suretydev/surety/internal/proc"
)

func needESBMC(t testing.TB) *Checker {
	t.Helper()
	c := New(nil)
	if err := c.Available(context.Background()); err != nil {
		t.Skip("needs esbmc")
	}
	return c
}

func load(t testing.TB, name string) *bmc.Program {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	p, err := bmc.ParseProgram(name, src)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestCheckVerdicts(t *testing.T) {
	c := needESBMC(t)
	ctx := context.Background()
	p := load(t, "known.c")
	// a1 holds; a2 does not, and the counterexample gives a negative n
	// read by scanf; a4 holds once a2 and a3 are assumed.
	r, err := c.Check(ctx, &bmc.Query{Program: p, Target: 0, K: 5})
	if err != nil || r.Status != bmc.Verified || r.Engine != "esbmc" {
		t.Fatalf("a1: %+v, %v; want VERIFIED", r, err)
	}
	r, err = c.Check(ctx, &bmc.Query{Program: p, Target: 1, K: 5})
	if err != nil || r.Status != bmc.Falsified {
		t.Fatalf("a2: %+v, %v; want FALSIFIED", r, err)
	}
	cx := r.Counterexample
	if cx == nil || len(cx.Inputs) == 0 || !strings.HasPrefix(cx.Inputs[0].Name, "scanf#1") || !strings.HasPrefix(cx.Inputs[0].Value, "-") || cx.Inputs[0].Line != 17 {
		t.Fatalf("a2 counterexample %+v, want a negative scanf input at line 17", cx)
	}
	if cx.Stdin != cx.Inputs[0].Value+"\n" {
		t.Errorf("stdin %q, want %q", cx.Stdin, cx.Inputs[0].Value+"\n")
	}
	if last := cx.Steps[len(cx.Steps)-1]; last.Line != 18 || last.Note != "violated" || last.Func != "main" {
		t.Errorf("last step %+v, want the violation at line 18 in main", last)
	}
	r, err = c.Check(ctx, &bmc.Query{Program: p, Target: 3, K: 5})
	if err != nil || r.Status != bmc.Falsified {
		t.Fatalf("a4 alone: %+v, %v; want FALSIFIED", r, err)
	}
	r, err = c.Check(ctx, &bmc.Query{Program: p, Target: 3, Assume: []int{1, 2}, K: 5})
	if err != nil || r.Status != bmc.Verified {
		t.Fatalf("a4 given a2, a3: %+v, %v; want VERIFIED", r, err)
	}
}

// With unwinding assertions a loop that can run past k is reported; at a
// bound that covers it the fact is complete.
func TestCheckUnwinding(t *testing.T) {
	c := needESBMC(t)
	ctx := context.Background()
	p := load(t, "unbounded.c")
	r, err := c.Check(ctx, &bmc.Query{Program: p, Target: 0, K: 5})
	if err != nil || r.Status != bmc.Verified || r.BoundComplete {
		t.Fatalf("k=5 bounded: %+v, %v; want VERIFIED, not complete", r, err)
	}
	r, err = c.Check(ctx, &bmc.Query{Program: p, Target: 0, K: 5, UnwindingAssertions: true})
	if err != nil || r.Status != bmc.Falsified || !strings.Contains(r.Reason, "unwinding assertion") {
		t.Fatalf("k=5 unwinding: %+v, %v; want FALSIFIED by an unwinding assertion", r, err)
	}
	r, err = c.Check(ctx, &bmc.Query{Program: p, Target: 0, K: 9, UnwindingAssertions: true})
	if err != nil || r.Status != bmc.Verified || !r.BoundComplete {
		t.Fatalf("k=9 unwinding: %+v, %v; want VERIFIED, complete", r, err)
	}
}

func TestCheckTimeout(t *testing.T) {
	c := needESBMC(t)
	p := load(t, "hard.c")
	r, err := c.Check(context.Background(), &bmc.Query{Program: p, Target: 0, K: 70, Timeout: time.Second})
	if err != nil || r.Status != bmc.Unknown || !strings.Contains(r.Reason, "timeout") {
		t.Fatalf("%+v, %v; want UNKNOWN timeout", r, err)
	}
	if n := proc.Running(); n != 0 {
		t.Errorf("%d processes left", n)
	}
}

// Cancelling the context kills ESBMC at once and leaves nothing running.
func TestCheckCancel(t *testing.T) {
	c := needESBMC(t)
	p := load(t, "hard.c")
	ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := c.Check(ctx, &bmc.Query{Program: p, Target: 0, K: 70})
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err = %v, want the context's deadline", err)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("took %v to stop", d)
	}
	if n := proc.Running(); n != 0 {
		t.Errorf("%d processes left", n)
	}
}

func TestCheckBadProgram(t *testing.T) {
	c := needESBMC(t)
	p, err := bmc.ParseProgram("bad.c", []byte("#include <assert.h>\nint main(void) {\n  int x = undefined_variable;\n  assert(x == 0);\n  return 0;\n}\n"))
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.Check(context.Background(), &bmc.Query{Program: p, Target: 0, K: 5})
	var re *RunError
	if !errors.As(err, &re) || re.Message == "" {
		t.Fatalf("err = %v, want a RunError with ESBMC's message", err)
	}
}

// VerifyAll with ESBMC on a program whose statuses are known.
func TestVerifyAllKnown(t *testing.T) {
	c := needESBMC(t)
	p := load(t, "known.c")
	rep, err := bmc.VerifyAll(context.Background(), p, c, &bmc.Options{BoundCheck: true})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bmc.Verdict{
		"a1": bmc.VerdictVerified, "a2": bmc.VerdictFalsified, "a3": bmc.VerdictFalsified,
		"a4": bmc.VerdictCVerified, "a5": bmc.VerdictVerified, "a6": bmc.VerdictFalsified,
		"a7": bmc.VerdictCVerified, "a8": bmc.VerdictVerified,
	}
	for _, f := range rep.Facts {
		if f.Status != want[f.Label()] {
			t.Errorf("%s (%s) = %v, want %v", f.Label(), f.Pred, f.Status, want[f.Label()])
		}
	}
	if d := rep.Facts[3].Deps; !reflect.DeepEqual(d, []int{1, 2}) {
		t.Errorf("Deps(a4) = %v, want a2, a3", d)
	}
	if d := rep.Facts[6].Deps; !reflect.DeepEqual(d, []int{1, 2, 5}) {
		t.Errorf("Deps(a7) = %v, want a2, a3, a6", d)
	}
	// CGTraversal: main's assertions before the call to clamp, then clamp's.
	if !reflect.DeepEqual(rep.Order, []int{1, 2, 0, 3, 4, 5, 6, 7}) {
		t.Errorf("order %v", rep.Order)
	}
	if !rep.Facts[0].BoundComplete || !rep.Facts[4].BoundComplete {
		t.Errorf("a1, a5 should be bound-complete (every loop runs at most 4 times): %+v %+v", rep.Facts[0], rep.Facts[4])
	}
}

// Cancelling VerifyAll stops every running check and leaves no process.
func TestVerifyAllCancel(t *testing.T) {
	c := needESBMC(t)
	p := load(t, "hard.c")
	ctx, cancel := context.WithTimeout(context.Background(), 700*time.Millisecond)
	defer cancel()
	_, err := bmc.VerifyAll(ctx, p, &bmc.Portfolio{Checkers: []bmc.Checker{c, New(&Options{Solver: "z3"})}}, &bmc.Options{K: 70, Workers: 2})
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err = %v, want the deadline", err)
	}
	if n := proc.Running(); n != 0 {
		t.Errorf("%d processes left", n)
	}
}

// The stdin text of a trace interleaves getchar's characters and scanf's
// numbers so that each reader reads what the trace says it read.
func TestStdinText(t *testing.T) {
	var s stdinText
	for _, r := range [][2]string{{"getchar", "120"}, {"scanf", "3"}, {"scanf", "+INFINITY"}, {"scanf", "2.500000e+0f"}} {
		if !s.add(r[0], r[1]) {
			t.Fatalf("add %v refused", r)
		}
	}
	if got := s.text(); got != "x3\ninf\n2.500000e+0\n" {
		t.Errorf("text %q", got)
	}
	var e stdinText
	if !e.add("getchar", "-1") || e.add("getchar", "65") {
		t.Error("a read after EOF was accepted")
	}
	var f stdinText
	if f.add("fgets", "buf") {
		t.Error("fgets, whose trace gives no text, was accepted")
	}
}

// With KInduction, a loop that no unrolling to K finishes is proved for
// every execution, and a violation is still found by the base case.
func TestKInduction(t *testing.T) {
	c := New(&Options{KInduction: true})
	if err := c.Available(context.Background()); err != nil {
		t.Skipf("needs esbmc: %v", err)
	}
	if c.Name() != "esbmc-kind" {
		t.Errorf("name %q", c.Name())
	}
	for _, tc := range []struct {
		src  string
		want bmc.Status
	}{
		{"#include <assert.h>\nint main(void) {\n  int i = 0;\n  while (i < 100000) { i++; }\n  assert(i <= 100000);\n  return 0;\n}\n", bmc.Verified},
		{"#include <assert.h>\nint main(void) {\n  int i = 0;\n  while (i < 3) i++;\n  assert(i == 2);\n  return 0;\n}\n", bmc.Falsified},
	} {
		p, err := bmc.ParseProgram("kind.c", []byte(tc.src))
		if err != nil {
			t.Fatal(err)
		}
		r, err := c.Check(context.Background(), &bmc.Query{Program: p, K: 10, Timeout: time.Minute})
		if err != nil {
			t.Fatal(err)
		}
		if r.Status != tc.want || (r.Status == bmc.Verified && !r.BoundComplete) {
			t.Errorf("%s: %+v, want %v", tc.src, r, tc.want)
		}
	}
}
