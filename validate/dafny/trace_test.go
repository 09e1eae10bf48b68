package dafny

import "testing"

// TestTimeoutOutcomes reads the ways Dafny 2.3 and 4 say a proof ran out
// of time, in diagnostics and in the /trace outcome lines, from recorded
// output: a live run cannot be made to time out reliably.
func TestTimeoutOutcomes(t *testing.T) {
	for _, msg := range []string{
		"Verification of 'Impl$$_module.__default.Hard' timed out after 3 seconds",
		"Verification out of resource (Hard)",
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
