package audit_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/suretydev/surety/bmc"
	"github.com/suretydev/surety/bmc/audit"
)

// BenchmarkAudit audits the facts of an examples/c program with the native
// engine: the cover queries and the mutation analysis (a budget of 40
// mutant queries). VerifyAll runs once, outside the timed loop, with the
// bound check that surety facts makes by default. It reports
// the queries made and the facts, vacuous and weak counts.
func BenchmarkAudit(b *testing.B) {
	for _, name := range []string{"bubblesort", "base_convert"} {
		b.Run(name, func(b *testing.B) {
			c, err := bmc.Engines(context.Background(), []string{"native"})
			if err != nil {
				b.Skipf("needs z3 or cvc5: %v", err)
			}
			file := filepath.Join("..", "..", "examples", "c", name+".c")
			src, err := os.ReadFile(file)
			if err != nil {
				b.Fatal(err)
			}
			p, err := bmc.ParseProgram(file, src)
			if err != nil {
				b.Fatal(err)
			}
			rep, err := bmc.VerifyAll(context.Background(), p, c, &bmc.Options{K: 5, Timeout: 60 * time.Second, BoundCheck: true})
			if err != nil {
				b.Fatal(err)
			}
			var a *audit.Report
			for b.Loop() {
				a, err = audit.Audit(context.Background(), p, rep, c, &audit.Options{Budget: 40, Timeout: 60 * time.Second})
				if err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(a.Summary.Queries), "queries")
			b.ReportMetric(float64(a.Summary.Facts), "facts")
			b.ReportMetric(float64(a.Summary.Vacuous), "vacuous")
			b.ReportMetric(float64(a.Summary.Weak), "weak")
		})
	}
}
