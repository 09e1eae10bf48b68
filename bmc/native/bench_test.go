package native

import (
	"context"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/suretydev/surety/bmc"
	"github.com/suretydev/surety/smt"
)

// solvers returns the named solvers as one (a portfolio when more than
// one), skipping the benchmark when any is not installed.
func solvers(b *testing.B, names ...string) smt.Solver {
	b.Helper()
	ss := smt.Installed(names...)
	if len(ss) < len(names) {
		b.Skipf("needs %v; installed: %d of them", names, len(ss))
	}
	if len(ss) == 1 {
		return ss[0]
	}
	return smt.Portfolio(ss...)
}

// BenchmarkEngines measures the time per assertion of the native engine
// and of ESBMC on the same queries at k=5: every assertion of every third
// program of the differential suite. One iteration is one pass over all
// queries; the native engine starts each pass with a fresh checker (so
// each program is translated once per pass and shared by its
// assertions, as in VerifyAll). Reported: the median and the mean per
// assertion.
//
//	go test -run '^$' -bench BenchmarkEngines -benchtime 1x -count 5 ./bmc/native | benchstat -
func BenchmarkEngines(b *testing.B) {
	needTools(b)
	var qs []*bmc.Query
	for i, c := range loadDiff(b) {
		if i%3 != 0 {
			continue
		}
		for j := range c.expect {
			qs = append(qs, &bmc.Query{Program: c.prog, Target: j, K: 5, Timeout: 60 * time.Second})
		}
	}
	run := func(b *testing.B, fresh func() bmc.Checker) {
		var times []time.Duration
		for n := 0; n < b.N; n++ {
			c := fresh()
			for _, q := range qs {
				start := time.Now()
				if _, err := c.Check(context.Background(), q); err != nil {
					b.Fatal(err)
				}
				times = append(times, time.Since(start))
			}
		}
		sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
		var sum time.Duration
		for _, t := range times {
			sum += t
		}
		b.ReportMetric(float64(times[len(times)/2].Microseconds())/1000, "ms/assert-median")
		b.ReportMetric(float64(sum.Microseconds())/1000/float64(len(times)), "ms/assert-mean")
		b.ReportMetric(float64(len(qs)), "asserts")
	}
	b.Run("native", func(b *testing.B) { run(b, func() bmc.Checker { return New(nil) }) })
	b.Run("native/fresh", func(b *testing.B) { run(b, func() bmc.Checker { return New(&Options{Fresh: true}) }) })
	for _, names := range [][]string{{"cvc5", "z3"}, {"bitwuzla", "cvc5"}, {"cvc5"}, {"bitwuzla"}, {"z3"}} {
		b.Run("native/"+strings.Join(names, "+"), func(b *testing.B) {
			s := solvers(b, names...)
			run(b, func() bmc.Checker { return New(&Options{Solver: s}) })
		})
	}
	b.Run("esbmc", func(b *testing.B) {
		es := needESBMC(b)
		run(b, func() bmc.Checker { return es })
	})
}
