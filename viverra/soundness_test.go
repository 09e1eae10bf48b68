package viverra

import (
	"context"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/suretydev/surety/bmc"
	"github.com/suretydev/surety/bmc/bmctest"
)

// TestSoundness runs the facts pipeline, with every engine installed
// here, on each probe, and fails on any verdict its truth contradicts:
// a fact (VERIFIED, C-VERIFIED) of an assertion that fails or whose
// program is undefined, a FALSIFIED one that holds, a fact without the
// assumption it rests on. The truths themselves are checked first by
// compiling and running each probe. The probes and their format are the
// engines' conformance kit's (bmc/bmctest), which holds each engine alone
// to the same truths.
func TestSoundness(t *testing.T) {
	for _, prog := range []string{"gcc", "z3", "cvc5"} {
		if _, err := exec.LookPath(prog); err != nil {
			t.Skipf("needs %s", prog)
		}
	}
	if testing.Short() {
		t.Skip("runs every engine on every probe")
	}
	// The probes of the engines' conformance kit (bmc/bmctest), run here
	// through the whole pipeline, with every engine.
	probes, err := bmctest.Probes()
	if err != nil {
		t.Fatal(err)
	}
	if len(probes) < 60 {
		t.Fatalf("%d probes, want at least 60", len(probes))
	}
	for _, pr := range probes {
		t.Run(pr.Name, func(t *testing.T) {
			ctx := context.Background()
			// The truth, by running the program.
			if err := pr.CheckTruth(ctx); err != nil {
				t.Fatal(err)
			}
			p, file := pr.Program, pr.Program.File
			res, err := Facts(ctx, file, pr.Src, &FactsOptions{Audit: "off", Timeout: 60 * time.Second})
			if err != nil {
				if undefined(pr) {
					t.Logf("no verdict, an error: %v", err)
					return
				}
				t.Fatal(err)
			}
			for _, f := range res.Report.Facts {
				truth := pr.Truth(f.Assertion)
				t.Logf("%s %s: %s [%s] %s (truth: %s)", f.Label(), f.Pred, f.Status, f.Engine, f.Reason, truth)
				switch {
				case f.Status.Fact() && truth != bmctest.Holds && !(truth == bmctest.Fails && f.Status == bmc.VerdictCVerified &&
					!violates(t, pr, &bmc.Query{Program: p, Target: f.Index, Assume: f.IG})):
					t.Errorf("WRONG: %s %s is %s, truth %s", f.Label(), f.Pred, f.Status, truth)
				case f.Status == bmc.VerdictFalsified && truth != bmctest.Fails:
					t.Errorf("WRONG: %s %s is FALSIFIED, truth %s", f.Label(), f.Pred, truth)
				}
				if f.Status.Fact() {
					for _, want := range pr.Assumes {
						if !containsSub(res.Report.Assumptions, want) {
							t.Errorf("%s is a fact, and the report does not assume %q: %q", f.Label(), want, res.Report.Assumptions)
						}
					}
				}
			}
		})
	}
}

func containsSub(ss []string, sub string) bool {
	for _, s := range ss {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}

// undefined reports whether the whole program of pr is undefined.
func undefined(pr *bmctest.Probe) bool {
	for _, a := range pr.Program.Asserts {
		if pr.Truth(a) != bmctest.Undefined {
			return false
		}
	}
	return true
}

// violates reports whether a run of pr fails the target of q.
func violates(t *testing.T, pr *bmctest.Probe, q *bmc.Query) bool {
	t.Helper()
	v, err := pr.Violates(context.Background(), q)
	if err != nil {
		t.Fatal(err)
	}
	return v
}
