package svrun_test

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/suretydev/surety/viverra"

	"github.com/suretydev/surety/svrun"
)

// BenchmarkSVCOMP runs `surety bench` on the SV-COMP tasks under
// SURETY_SVCOMP_DIR (task definitions with their C files, kept outside the
// repository), once per engine, and reports the score table's figures:
// correct, wrong and unknown verdicts, SV-COMP's score, and CPU seconds
// (total and median per task; solvers and replays included). The engines
// are the native engine (with k-induction) and ESBMC, on the same tasks in
// one run, at the settings of docs/BENCHMARKS.md: k = 5, raised to 20 when
// a bound is incomplete, 30 s per check.
func BenchmarkSVCOMP(b *testing.B) {
	dir := os.Getenv("SURETY_SVCOMP_DIR")
	if dir == "" {
		b.Skip("set SURETY_SVCOMP_DIR to a directory of SV-COMP task definitions")
	}
	for _, engine := range []string{"native", "esbmc"} {
		b.Run(engine, func(b *testing.B) {
			for b.Loop() {
				tab, err := svrun.Bench(context.Background(), dir, &svrun.TaskOptions{MaxK: 20,
					Facts: viverra.FactsOptions{K: 5, Timeout: 30 * time.Second, Engines: []string{engine}}}, nil)
				if err != nil {
					b.Fatal(err)
				}
				b.ReportMetric(float64(tab.CorrectTrue+tab.CorrectFalse), "correct")
				b.ReportMetric(float64(tab.WrongTrue+tab.WrongFalse), "wrong")
				b.ReportMetric(float64(tab.Unknown), "unknown")
				b.ReportMetric(float64(tab.Score), "score")
				b.ReportMetric(tab.CPU.Seconds(), "cpu-s")
				b.ReportMetric(tab.MedianCPU.Seconds(), "median-cpu-s")
			}
		})
	}
}
