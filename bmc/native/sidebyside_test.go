package native

import (
	"context"
	"testing"
	"time"

	"github.com/suretydev/surety/bmc"
)

// A sideTask is one assertion of a program whose truth gcc's runs
// settled, for a side-by-side benchmark.
type sideTask struct {
	name  string
	p     *bmc.Program
	i     int // the assertion
	fails bool
}

// sideBySide runs every task through VerifyAll with the bound check at
// bound k, on this engine and on ESBMC, and reports for each how many it
// decides (a fact for every execution, or FALSIFIED), how many of those
// wrongly, and the wall time.
func sideBySide(b *testing.B, tasks []sideTask, k int) {
	run := func(b *testing.B, c bmc.Checker) {
		for n := 0; n < b.N; n++ {
			decided, wrong := 0, 0
			start := time.Now()
			for _, tk := range tasks {
				rep, err := bmc.VerifyAll(context.Background(), tk.p, c, &bmc.Options{K: k, BoundCheck: true, Timeout: 30 * time.Second})
				if err != nil {
					b.Logf("%s: %v", tk.name, err)
					continue
				}
				f := rep.Facts[tk.i]
				complete := f.Status.Fact() && f.BoundComplete
				switch {
				case complete && tk.fails, f.Status == bmc.VerdictFalsified && !tk.fails:
					wrong++
					b.Logf("wrong: %s a%d: %s complete=%v", tk.name, tk.i+1, f.Status, f.BoundComplete)
				case complete, f.Status == bmc.VerdictFalsified:
					decided++
				}
			}
			b.ReportMetric(float64(decided), "decided")
			b.ReportMetric(float64(wrong), "wrong")
			b.ReportMetric(float64(len(tasks)), "asserts")
			b.ReportMetric(time.Since(start).Seconds(), "s-wall")
		}
	}
	b.Run("native", func(b *testing.B) { run(b, New(nil)) })
	b.Run("esbmc", func(b *testing.B) { run(b, needESBMC(b)) })
}
