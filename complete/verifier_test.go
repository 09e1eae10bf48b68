package complete_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/suretydev/surety/complete"
)

// recorded is a Verifier that answers every run with the same recorded
// Dafny output, so the checker's reading of it is tested without Dafny.
type recorded struct {
	out  string // what Dafny printed
	code int    // its exit code
	err  error  // what the adapter returned

	mu    sync.Mutex // the checker runs Dafny twice at once at times
	runs  int        // verifications
	execs int        // compile-and-runs
}

func (r *recorded) Version() string           { return "2.3.0.10506" }
func (r *recorded) Dialect() complete.Dialect { return complete.Legacy }
func (r *recorded) answer() (*complete.Verification, error) {
	r.mu.Lock()
	r.runs++
	r.mu.Unlock()
	v := &complete.Verification{Output: r.out, ExitCode: r.code}
	for _, line := range strings.Split(r.out, "\n") {
		var d complete.Diagnostic
		if n, _ := fmt.Sscanf(line, "input.dfy(%d,%d):", &d.Line, &d.Col); n == 2 {
			d.File, d.Msg = "input.dfy", strings.TrimSpace(line[strings.Index(line, "):")+2:])
			v.Diagnostics = append(v.Diagnostics, d)
		}
	}
	return v, r.err
}
func (r *recorded) Verify(context.Context, ...complete.File) (*complete.Verification, error) {
	return r.answer()
}
func (r *recorded) VerifyAll(context.Context, ...complete.File) (*complete.Verification, error) {
	return r.answer()
}
func (r *recorded) Run(context.Context, ...complete.File) (*complete.Execution, error) {
	r.mu.Lock()
	r.execs++
	r.mu.Unlock()
	return nil, errors.New("not recorded")
}

const twoMethods = `method Good(x: int) returns (r: int)
  ensures r == x
{
  r := x;
}

method Inc(x: int) returns (r: int)
  ensures r == x + 1
{
  r := x;
}
`

// A file that does not verify stops the check after its own verification
// (beside it, the proof pass's verification, stopped when it is seen, and
// the early compile-and-run of the methods), and every method is
// INCONCLUSIVE with Dafny's first error by position.
func TestFileDoesNotVerify(t *testing.T) {
	v := &recorded{code: 4, out: `input.dfy(9,0): Error BP5003: A postcondition might not hold on this return path.
input.dfy(8,12): Related location: This is the postcondition that might not hold.
input.dfy(3,0): Error BP5003: A postcondition might not hold on this return path.

Dafny program verifier finished with 0 verified, 2 errors
`}
	rep, err := complete.CheckSource(context.Background(), "two.dfy", []byte(twoMethods), &complete.Options{Verifier: v})
	if err != nil {
		t.Fatal(err)
	}
	if v.runs < 1 || v.runs > 2 || v.execs != 1 || rep.Runs != v.runs+v.execs {
		t.Errorf("%d verifications and %d compile-and-runs, report says %d runs; want 1 or 2, 1, and their sum", v.runs, v.execs, rep.Runs)
	}
	if len(rep.Results) != 2 {
		t.Fatalf("%d results", len(rep.Results))
	}
	for _, r := range rep.Results {
		want := "the file does not verify: line 3: Error BP5003: A postcondition might not hold on this return path."
		if r.Verdict != complete.Inconclusive || r.Reason != want {
			t.Errorf("%s: %s %q, want INCONCLUSIVE %q", r.Name, r.Verdict, r.Reason, want)
		}
	}
}

// A time-out is not a proof either.
func TestFileTimesOut(t *testing.T) {
	v := &recorded{code: 4, out: "input.dfy(3,0): Timed out on BP5003: A postcondition might not hold on this return path.\n\nDafny program verifier finished with 1 verified, 0 errors, 1 time out\n"}
	rep, err := complete.CheckSource(context.Background(), "two.dfy", []byte(twoMethods), &complete.Options{Verifier: v})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rep.Results {
		if r.Verdict != complete.Inconclusive || !strings.Contains(r.Reason, "does not verify: line 3: Timed out") {
			t.Errorf("%s: %s %q", r.Name, r.Verdict, r.Reason)
		}
	}
}

// A file that does not resolve is an error naming the file and the line.
func TestFileDoesNotResolve(t *testing.T) {
	v := &recorded{code: 2, err: fmt.Errorf("%w: input.dfy(2,15): Error: unresolved identifier: Nope", complete.ErrUnresolved),
		out: "input.dfy(2,15): Error: unresolved identifier: Nope\n1 resolution/type errors detected in input.dfy\n"}
	_, err := complete.CheckSource(context.Background(), "bad.dfy", []byte(twoMethods), &complete.Options{Verifier: v})
	if !errors.Is(err, complete.ErrResolution) || !strings.Contains(err.Error(), "bad.dfy") || !strings.Contains(err.Error(), "line 2") {
		t.Errorf("err = %v, want ErrResolution naming bad.dfy and line 2", err)
	}
}

// A Dafny 4 construct that cannot be lowered for an older Dafny is
// refused before any run, naming the construct and its line.
func TestDafny4Refused(t *testing.T) {
	v := &recorded{}
	src := "ghost predicate P(x: int) { x > 0 }\nmethod M(n: nat) returns (r: int)\n{\n  r := 0;\n  for i := 0 to * {\n  }\n}\n"
	_, err := complete.CheckSource(context.Background(), "four.dfy", []byte(src), &complete.Options{Verifier: v})
	if !errors.Is(err, complete.ErrDialect) || !strings.Contains(err.Error(), "four.dfy") || !strings.Contains(err.Error(), "line 5: a for loop") {
		t.Errorf("err = %v, want ErrDialect naming four.dfy, line 5 and the for loop", err)
	}
	if v.runs != 0 {
		t.Errorf("%d Dafny runs, want none", v.runs)
	}
}
