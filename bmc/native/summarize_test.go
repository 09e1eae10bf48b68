package native

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/suretydev/surety/bmc"
)

// TestSummaries runs the recursion probes (testdata/summary) through
// VerifyAll with the bound check at k=3, far below the depth of their
// recursions. Their truth is settled under gcc first. A failing assertion
// must never be a fact on every execution; the pins say what the
// summaries must decide: VERIFIED for every execution, or FALSIFIED by a
// run.
func TestSummaries(t *testing.T) {
	needTools(t)
	probes := loadProbes(t, "testdata/summary")
	chk := New(nil)
	defer chk.Close()
	for _, pr := range probes {
		t.Run(filepath.Base(pr.file), func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			for i := range pr.prog.Asserts {
				if !pr.truthAgrees(ctx, t, i) {
					t.FailNow()
				}
			}
			rep, err := bmc.VerifyAll(ctx, pr.prog, chk, &bmc.Options{K: 3, BoundCheck: true, Timeout: 60 * time.Second})
			if err != nil {
				t.Fatal(err)
			}
			for i, f := range rep.Facts {
				t.Logf("%s: %s complete=%v %s %s", f.Label(), f.Status, f.BoundComplete, f.Reason, f.BoundReason)
				if pr.fails[i] && f.Status.Fact() && f.BoundComplete {
					t.Errorf("%s (line %d) fails under gcc, yet it is a fact on every execution", f.Label(), f.SrcLine)
				}
				if !pr.fails[i] && f.Status == bmc.VerdictFalsified {
					t.Errorf("%s (line %d) holds on every run under gcc, yet it is FALSIFIED", f.Label(), f.SrcLine)
				}
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
			}
		})
	}
}
