package native

import (
	"testing"

	"github.com/suretydev/surety/bmc"
)

// TestSummaries runs the recursion probes (testdata/summary) through
// VerifyAll with the bound check at k=3, far below the depth of their
// recursions. Their truth is settled under gcc first. A failing assertion
// must never be a fact on every execution; the pins say what the
// summaries must decide: VERIFIED for every execution, or FALSIFIED by a
// run.
func TestSummaries(t *testing.T) {
	runProbesPastBound(t, "testdata/summary", func(*probe) int { return 3 }, func(t *testing.T, pr *probe, i int, f *bmc.Fact) {
		switch pr.native[i] {
		case bmc.Verified:
			if !f.Status.Fact() || !f.BoundComplete {
				t.Errorf("%s (line %d): want VERIFIED for every execution, got %s complete=%v (%s; %s)", f.Label(), f.SrcLine, f.Status, f.BoundComplete, f.Reason, f.BoundReason)
			}
		case bmc.Falsified:
			if f.Status != bmc.VerdictFalsified {
				t.Errorf("%s (line %d): want FALSIFIED, got %s (%s; %s)", f.Label(), f.SrcLine, f.Status, f.Reason, f.BoundReason)
			}
		}
	})
}
