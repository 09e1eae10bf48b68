package native

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/suretydev/surety/bmc"
	"github.com/suretydev/surety/bmc/bmctest"
)

// BenchmarkExamples runs VerifyAll with the native engine on each program
// of examples/c at the bound of its expectation (k=5) with the default 60 s
// per check, one check at a time, under each solver configuration (the
// default choice, and cvc5 with z3 alone, as before Bitwuzla took the
// floating-point formulas). Reported per program: the assertions left
// UNKNOWN, those whose verdict differs from NAME.expect.json (ESBMC's
// verdicts, read by bmc.ReadExpectation), and the slowest
// assertion's checks. The goal of the native engine is 0 unknown, 0
// mismatch and no assertion over 60 s.
//
//	go test -run '^$' -bench 'BenchmarkExamples/default' -benchtime 1x ./bmc/native
func BenchmarkExamples(b *testing.B) {
	needTools(b)
	names, err := filepath.Glob("../../examples/c/*.c")
	if err != nil || len(names) == 0 {
		b.Fatalf("no examples: %v", err)
	}
	configs := []struct {
		name    string
		solvers []string // nil: the default choice
		fresh   bool
	}{{"default", nil, false}, {"fresh", nil, true}, {"cvc5+z3", []string{"cvc5", "z3"}, true}}
	for _, cfg := range configs {
		for _, name := range names {
			base := strings.TrimSuffix(filepath.Base(name), ".c")
			b.Run(cfg.name+"/"+base, func(b *testing.B) {
				opts := &Options{Fresh: cfg.fresh}
				if cfg.solvers != nil {
					opts.Solver = solvers(b, cfg.solvers...)
				}
				p, exp := bmctest.LoadExample(b, name)
				for n := 0; n < b.N; n++ {
					rep, err := bmc.VerifyAll(context.Background(), p, New(opts), &bmc.Options{K: exp.K, Workers: 1})
					if err != nil {
						b.Fatal(err)
					}
					var slowest time.Duration
					mismatch := 0
					for i, f := range rep.Facts {
						slowest = max(slowest, f.Duration)
						if want := exp.Assertions[i].Status; f.Status != want {
							mismatch++
							b.Logf("%s %s: %v, want %v (%s)", base, f.Label(), f.Status, want, f.Reason)
						}
					}
					b.ReportMetric(float64(rep.Summary.Unknown), "unknown")
					b.ReportMetric(float64(mismatch), "mismatch")
					b.ReportMetric(slowest.Seconds(), "s/slowest-assert")
				}
			})
		}
	}
}
