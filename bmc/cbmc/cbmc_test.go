package cbmc

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/suretydev/surety/bmc"
	"github.com/suretydev/surety/internal/proc"
)

func known(t *testing.T) *bmc.Program {
	t.Helper()
	src, err := os.ReadFile("testdata/known.c")
	if err != nil {
		t.Fatal(err)
	}
	p, err := bmc.ParseProgram("known.c", src)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// fakeCBMC writes a stand-in cbmc into a temporary directory: it records
// its arguments and the program it was given, prints a recorded output in
// CBMC's --json-ui format and exits with the given code.
func fakeCBMC(t *testing.T, fixture string, code int, extra string) (path, dir string) {
	t.Helper()
	if _, err := proc.LookPath("sh"); err != nil {
		t.Skip("needs sh")
	}
	dir = t.TempDir()
	abs, err := filepath.Abs(filepath.Join("testdata", fixture))
	if err != nil {
		t.Fatal(err)
	}
	script := fmt.Sprintf("#!/bin/sh\nprintf '%%s\\n' \"$@\" > %q\ncp \"$1\" %q\n%s\ncat %q\nexit %d\n",
		filepath.Join(dir, "args"), filepath.Join(dir, "program.c"), extra, abs, code)
	path = filepath.Join(dir, "cbmc")
	if err := os.WriteFile(path, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return path, dir
}

func read(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestSafe(t *testing.T) {
	path, dir := fakeCBMC(t, "safe.json", 0, "")
	c := New(&Options{Path: path})
	r, err := c.Check(context.Background(), &bmc.Query{Program: known(t), Target: 0, Assume: []int{1}, K: 5})
	if err != nil {
		t.Fatal(err)
	}
	if r.Status != bmc.Verified || r.Engine != "cbmc" || r.BoundComplete {
		t.Errorf("result %+v, want VERIFIED by cbmc, bounded", r)
	}
	args := read(t, filepath.Join(dir, "args"))
	for _, want := range []string{"known.c\n", "--json-ui\n", "--trace\n", "--unwind\n5\n", "--no-unwinding-assertions\n"} {
		if !strings.Contains(args, want) {
			t.Errorf("args lack %q:\n%s", want, args)
		}
	}
	prog := read(t, filepath.Join(dir, "program.c"))
	if !strings.Contains(prog, "__CPROVER_assume(n >= 0);") || !strings.Contains(prog, "assert(r >= 0 && r <= MAX);") || strings.Contains(prog, "assert(m == n)") {
		t.Errorf("program given to cbmc:\n%s", prog)
	}
}

func TestUnsafeTrace(t *testing.T) {
	path, _ := fakeCBMC(t, "unsafe.json", 10, "")
	r, err := New(&Options{Path: path}).Check(context.Background(), &bmc.Query{Program: known(t), Target: 1, K: 5})
	if err != nil {
		t.Fatal(err)
	}
	if r.Status != bmc.Falsified || r.Counterexample == nil {
		t.Fatalf("result %+v, want FALSIFIED with a trace", r)
	}
	cx := r.Counterexample
	if len(cx.Inputs) != 1 || cx.Inputs[0] != (bmc.Input{Name: "scanf#1", Value: "-11", Line: 17}) {
		t.Errorf("inputs %+v, want scanf#1 = -11 at line 17", cx.Inputs)
	}
	want := []bmc.Step{{Func: "main", Line: 17, Note: "n = -11"}, {Func: "main", Line: 17, Note: "input scanf"}, {Func: "main", Line: 18, Note: "violated"}}
	if fmt.Sprint(cx.Steps) != fmt.Sprint(want) {
		t.Errorf("steps %+v, want %+v", cx.Steps, want)
	}
}

func TestUnwindingAssertion(t *testing.T) {
	path, dir := fakeCBMC(t, "unwind.json", 10, "")
	r, err := New(&Options{Path: path}).Check(context.Background(), &bmc.Query{Program: known(t), Target: 4, K: 5, UnwindingAssertions: true})
	if err != nil {
		t.Fatal(err)
	}
	if r.Status != bmc.Falsified || !strings.Contains(r.Reason, "unwinding assertion loop 0 at known.c:23") {
		t.Errorf("result %+v, want FALSIFIED by the unwinding assertion", r)
	}
	if args := read(t, filepath.Join(dir, "args")); !strings.Contains(args, "--unwinding-assertions\n") {
		t.Errorf("args lack --unwinding-assertions:\n%s", args)
	}
	// The same output for the plain query: the target succeeded.
	path, _ = fakeCBMC(t, "unwind.json", 10, "")
	r, err = New(&Options{Path: path}).Check(context.Background(), &bmc.Query{Program: known(t), Target: 4, K: 5})
	if err != nil || r.Status != bmc.Verified {
		t.Errorf("plain query: %+v, %v; want VERIFIED", r, err)
	}
}

func TestErrors(t *testing.T) {
	path, _ := fakeCBMC(t, "conversion_error.json", 6, "")
	_, err := New(&Options{Path: path}).Check(context.Background(), &bmc.Query{Program: known(t), Target: 0, K: 5})
	var re *RunError
	if !errors.As(err, &re) || re.ExitCode != 6 || !strings.Contains(err.Error(), "failed to find symbol 'undefined_variable'") {
		t.Errorf("err = %v, want a conversion RunError with CBMC's message", err)
	}
	path, _ = fakeCBMC(t, "conversion_error.json", 1, "echo 'Usage error!' >&2; exit 1")
	_, err = New(&Options{Path: path}).Check(context.Background(), &bmc.Query{Program: known(t), Target: 0, K: 5})
	if !errors.As(err, &re) || re.ExitCode != 1 || re.Kind != "usage error" || !strings.Contains(err.Error(), "Usage error!") {
		t.Errorf("err = %v, want a usage RunError", err)
	}
	_, err = New(&Options{Path: filepath.Join(t.TempDir(), "no-cbmc")}).Check(context.Background(), &bmc.Query{Program: known(t), K: 5})
	if !errors.Is(err, proc.ErrNotFound) {
		t.Errorf("missing binary: %v", err)
	}
}

// A CBMC that runs past the query's timeout is killed: UNKNOWN, and no
// process is left.
func TestTimeoutKills(t *testing.T) {
	path, _ := fakeCBMC(t, "safe.json", 0, "sleep 30")
	start := time.Now()
	r, err := New(&Options{Path: path}).Check(context.Background(), &bmc.Query{Program: known(t), Target: 0, K: 5, Timeout: 300 * time.Millisecond})
	if err != nil || r.Status != bmc.Unknown || r.Reason != "timeout" {
		t.Fatalf("%+v, %v; want UNKNOWN timeout", r, err)
	}
	if time.Since(start) > 10*time.Second {
		t.Error("not killed at the timeout")
	}
	if n := proc.Running(); n != 0 {
		t.Errorf("%d processes left", n)
	}
}

// Live: the real CBMC, where it is installed.
func TestLive(t *testing.T) {
	if _, err := proc.LookPath("cbmc"); err != nil {
		t.Skip("needs cbmc")
	}
	c := New(nil)
	p := known(t)
	for target, want := range map[int]bmc.Status{0: bmc.Verified, 1: bmc.Falsified} {
		r, err := c.Check(context.Background(), &bmc.Query{Program: p, Target: target, K: 5})
		if err != nil || r.Status != want {
			t.Errorf("a%d: %+v, %v; want %v", target+1, r, err, want)
		}
	}
}
