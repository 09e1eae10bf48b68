package native

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/suretydev/surety/bmc"
)

// TestInduction runs the k-induction probes (testdata/induction) through
// VerifyAll with the bound check, as `surety facts --complete` does. Their
// truth is settled under gcc first. An assertion that fails must never be
// bound-complete: most fail only beyond the probe's bound, where the base
// case verifies them and only a wrong step case (a havoc that misses a
// write, a skipped loop that misses a state) would prove them. The pins
// say which proofs the engine must find.
func TestInduction(t *testing.T) {
	runProbesPastBound(t, "testdata/induction", func(pr *probe) int {
		if pr.k == 5 {
			return 3 // the probes' default: small, so that most fail beyond it
		}
		return pr.k
	}, func(t *testing.T, pr *probe, i int, f *bmc.Fact) {
		noOverflow := slices.ContainsFunc(pr.assumptions, func(a string) bool { return strings.HasPrefix(a, "signed arithmetic does not overflow") })
		switch pr.induction[i] {
		case "proved", "proved-assuming-no-overflow":
			if !f.Status.Fact() || !f.BoundComplete || f.Induction == 0 {
				t.Errorf("%s (line %d): want proved by k-induction, got %s complete=%v (%s)", f.Label(), f.SrcLine, f.Status, f.BoundComplete, f.BoundReason)
			}
			// The assumption is made only where the step case needs it,
			// and then always said.
			if want := pr.induction[i] != "proved"; noOverflow != want {
				t.Errorf("%s (line %d): assumes no signed overflow: %v, want %v (%q)", f.Label(), f.SrcLine, noOverflow, want, pr.assumptions)
			}
		case "unrolled":
			// complete without induction: the loop's counter decides its
			// condition, and it runs its iterations past the bound whole
			if !f.Status.Fact() || !f.BoundComplete || f.Induction != 0 || f.Proof != proofPastK {
				t.Errorf("%s (line %d): want complete by unrolling, got %s complete=%v induction=%d proof=%q (%s)", f.Label(), f.SrcLine, f.Status, f.BoundComplete, f.Induction, f.Proof, f.BoundReason)
			}
		case "bounded":
			if f.BoundComplete {
				t.Errorf("%s (line %d): want bounded, got complete", f.Label(), f.SrcLine)
			}
		}
	})
}

// runProbesPastBound settles the truth of every probe of dir under gcc,
// runs each through VerifyAll with the bound check at the bound k gives,
// and checks that no failing assertion is a fact on every execution and
// no holding one FALSIFIED; pin checks what the probe's pins ask of each
// fact.
func runProbesPastBound(t *testing.T, dir string, k func(*probe) int, pin func(t *testing.T, pr *probe, i int, f *bmc.Fact)) {
	needTools(t)
	probes := loadProbes(t, dir)
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
			rep, err := bmc.VerifyAll(ctx, pr.prog, chk, &bmc.Options{K: k(pr), BoundCheck: true, Timeout: 120 * time.Second})
			if err != nil {
				t.Fatal(err)
			}
			pr.assumptions = rep.Assumptions
			for i := range rep.Facts {
				f := &rep.Facts[i]
				t.Logf("%s: %s complete=%v induction=%d %s %s", f.Label(), f.Status, f.BoundComplete, f.Induction, f.Reason, f.BoundReason)
				if pr.fails[i] && f.Status.Fact() && f.BoundComplete {
					t.Errorf("%s (line %d) fails under gcc, yet it is a fact on every execution (induction=%d)", f.Label(), f.SrcLine, f.Induction)
				}
				if !pr.fails[i] && f.Status == bmc.VerdictFalsified {
					t.Errorf("%s (line %d) holds on every run under gcc, yet it is FALSIFIED", f.Label(), f.SrcLine)
				}
				pin(t, pr, i, f)
			}
		})
	}
}
