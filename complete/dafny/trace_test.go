package dafny

import (
	"strings"
	"testing"

	"github.com/suretydev/surety/complete"
)

// TestTimeoutOutcomes reads the ways Dafny 2.3 and 4 say a proof ran out
// of time, in diagnostics and in the /trace outcome lines, from recorded
// output: a live run cannot be made to time out reliably.
func TestTimeoutOutcomes(t *testing.T) {
	for _, msg := range []string{
		"complete.Verification of 'Impl$$_module.__default.Hard' timed out after 3 seconds",
		"complete.Verification out of resource (Hard)",
	} {
		if !isTimeout(msg) {
			t.Errorf("isTimeout(%q) = false", msg)
		}
	}
	if isTimeout("A postcondition might not hold on this return path.") {
		t.Error("a failed postcondition read as a timeout")
	}
	out := `Verifying Impl$$_module.__default.Hard ...
  [3.001 s, 1 proof obligation]  timed out
Verifying Impl$$_module.__default.Good ...
  [0.2 s, 1 proof obligation]  verified
`
	tr := parseTrace(out)
	if tr["Hard"] != "timed out" || tr["Good"] != "verified" {
		t.Errorf("parseTrace = %v", tr)
	}
}

// A lemma's outcome is the trace's, and a lemma the trace does not name is
// complete.Unknown, never complete.Verified: an error Dafny did not report is not a proof.
func TestTraceStatus(t *testing.T) {
	out := `Verifying CheckWellformed$$_module.__default.P ...
  [0.9 s, 2 proof obligations]  verified
Verifying Impl$$_module.__default.Good ...
  [0.1 s, 1 proof obligation]  verified
Verifying Impl$$_module.__default.Bad ...
  [0.1 s, 1 proof obligation]  error
Verifying CheckWellformed$$_module.__default.Both ...
  [0.1 s, 1 proof obligation]  verified
Verifying Impl$$_module.__default.Both ...
  [112.9 s, 475 proof obligations]  errors
Verifying Impl$$_module.__default.Slow ...
  [20.0 s, 1 proof obligation]  timed out
`
	tr := parseTrace(out)
	for name, want := range map[string]complete.Status{"P": complete.Verified, "Good": complete.Verified, "Bad": complete.Failed, "Both": complete.Failed, "Slow": complete.TimedOut, "Unsaid": complete.Unknown} {
		if got := traceStatus(tr, name); got != want {
			t.Errorf("%s: %v, want %v", name, got, want)
		}
	}
}

// Clean and FirstError read a whole run: the first error is the first by
// position, whatever order the procedures finished in.
func TestCleanAndFirstError(t *testing.T) {
	okOut := "Dafny program verifier finished with 2 verified, 0 errors\n"
	ok := &complete.Verification{Output: okOut, Finished: finished(okOut)}
	if !ok.Clean() {
		t.Error("a clean run is not Clean")
	}
	if _, found := ok.FirstError(); found {
		t.Error("a clean run has an error")
	}
	out := `input.dfy(16,0): Error BP5003: A postcondition might not hold on this return path.
input.dfy(15,12): Related location: This is the postcondition that might not hold.
input.dfy(4,0): Error BP5003: A postcondition might not hold on this return path.

Dafny program verifier finished with 0 verified, 2 errors
`
	bad := &complete.Verification{Output: out, ExitCode: 4, Diagnostics: parseDiagnostics(out), Finished: finished(out)}
	if bad.Clean() {
		t.Error("a failed run is Clean")
	}
	if d, found := bad.FirstError(); !found || d.Line != 4 {
		t.Errorf("first error %v, want line 4", d)
	}
	slowOut := "Dafny program verifier finished with 1 verified, 0 errors, 1 time out\n"
	slow := &complete.Verification{Output: slowOut, Finished: finished(slowOut)}
	if slow.Clean() {
		t.Error("a run with a time-out is Clean")
	}
	if d, found := slow.FirstError(); !found || !strings.Contains(d.Msg, "time out") {
		t.Errorf("first error %v, want the summary", d)
	}
}
