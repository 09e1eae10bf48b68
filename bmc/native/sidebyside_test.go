package native

import (
	"context"
	"io"
	"testing"
	"time"

	"github.com/suretydev/surety/bmc"
	"github.com/suretydev/surety/internal/proc"
)

// A sideTask is one assertion of a program whose truth gcc's runs
// settled, for a side-by-side benchmark.
type sideTask struct {
	name  string
	p     *bmc.Program
	i     int // the assertion
	fails bool
}

// sideBySide runs every program of tasks once through VerifyAll with the
// bound check at bound k, on this engine and on ESBMC, and reports for
// each engine how many of the tasks' assertions it decides (a fact for
// every execution, or FALSIFIED), how many of those wrongly, the wall
// time, and the CPU time of the process and its solvers (the checker is
// closed first, so that a solver kept warm is counted).
func sideBySide(b *testing.B, tasks []sideTask, k int) {
	run := func(b *testing.B, c bmc.Checker) {
		for n := 0; n < b.N; n++ {
			decided, wrong := 0, 0
			start, cpu0 := time.Now(), proc.CPU()
			reports := map[*bmc.Program]*bmc.Report{}
			for _, tk := range tasks {
				rep, ok := reports[tk.p]
				if !ok {
					var err error
					rep, err = bmc.VerifyAll(context.Background(), tk.p, c, &bmc.Options{K: k, BoundCheck: true, Timeout: 30 * time.Second})
					if err != nil {
						b.Logf("%s: %v", tk.name, err)
					}
					reports[tk.p] = rep
				}
				if rep == nil {
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
				default:
					b.Logf("undecided: %s a%d: %s %s", tk.name, tk.i+1, f.Status, f.Reason)
				}
			}
			if cl, ok := c.(io.Closer); ok {
				cl.Close()
			}
			b.ReportMetric(float64(decided), "decided")
			b.ReportMetric(float64(wrong), "wrong")
			b.ReportMetric(float64(len(tasks)), "asserts")
			b.ReportMetric(time.Since(start).Seconds(), "s-wall")
			b.ReportMetric((proc.CPU() - cpu0).Seconds(), "s-cpu")
		}
	}
	b.Run("native", func(b *testing.B) { run(b, New(nil)) })
	b.Run("esbmc", func(b *testing.B) { run(b, needESBMC(b)) })
}
