package viverra_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/suretydev/surety/internal/proc"
	"github.com/suretydev/surety/viverra"
)

// BenchmarkFactsPortfolio measures what waiting for every engine costs:
// the facts pipeline (audit off) on each program of examples/c with ESBMC
// and the native engine, once waiting for both to answer every query
// (/all, the default) and once taking the first definitive answer
// (/first). Compare with benchstat -col /mode.
func BenchmarkFactsPortfolio(b *testing.B) {
	ctx := context.Background()
	if _, err := viverra.Engines(ctx, &viverra.EngineOptions{Names: []string{"esbmc", "native"}}); err != nil {
		b.Skipf("needs ESBMC and the native engine: %v", err)
	}
	for _, ex := range examplesC(b) {
		file, src, name := ex.file, ex.src, ex.name
		for _, mode := range []string{"all", "first"} {
			b.Run("mode="+mode+"/"+name, func(b *testing.B) {
				var unknown, disagree int
				for range b.N {
					res, err := viverra.Facts(ctx, file, src, &viverra.FactsOptions{Engines: []string{"esbmc", "native"},
						First: mode == "first", Audit: "off", Workers: 1})
					if err != nil {
						b.Fatal(err)
					}
					unknown += res.Report.Summary.Unknown
					disagree += res.Report.Summary.Disagreements
				}
				b.ReportMetric(float64(unknown)/float64(b.N), "unknown/op")
				b.ReportMetric(float64(disagree)/float64(b.N), "disagreements/op")
			})
		}
	}
}

// BenchmarkFactsRuns measures what the run engine costs on the default
// path (every engine installed, audit full): surety facts on each program
// of examples/c with the run engine in the portfolio and the run check of
// every verdict (/runs=on) and without either (/runs=off). Compare the
// medians with benchstat -col /runs.
func BenchmarkFactsRuns(b *testing.B) {
	ctx := context.Background()
	if _, err := viverra.Engines(ctx, &viverra.EngineOptions{Names: []string{"run", "esbmc", "native"}}); err != nil {
		b.Skipf("needs the run engine, ESBMC and the native engine: %v", err)
	}
	for _, ex := range examplesC(b) {
		file, src, name := ex.file, ex.src, ex.name
		for _, runs := range []string{"on", "off"} {
			b.Run("program="+name+"/runs="+runs, func(b *testing.B) {
				opts := &viverra.FactsOptions{}
				if runs == "off" {
					opts.Engines, opts.NoRuns = []string{"esbmc", "native"}, true
				}
				var falsified int
				cpu := proc.CPU()
				for range b.N {
					res, err := viverra.Facts(ctx, file, src, opts)
					if err != nil {
						b.Fatal(err)
					}
					falsified += res.Report.Summary.Falsified
				}
				b.ReportMetric((proc.CPU()-cpu).Seconds()/float64(b.N), "cpu-s/op")
				b.ReportMetric(float64(falsified)/float64(b.N), "falsified/op")
			})
		}
	}
}

// BenchmarkFactsAudit measures what the audit costs on the default path
// (every engine installed): surety facts on each program of examples/c
// with the full audit (/audit=full, the default) and without it
// (/audit=off). Compare with benchstat -col /audit.
func BenchmarkFactsAudit(b *testing.B) {
	ctx := context.Background()
	for _, ex := range examplesC(b) {
		file, src, name := ex.file, ex.src, ex.name
		for _, mode := range []string{"full", "off"} {
			b.Run("program="+name+"/audit="+mode, func(b *testing.B) {
				var weak int
				cpu := proc.CPU()
				for range b.N {
					res, err := viverra.Facts(ctx, file, src, &viverra.FactsOptions{Audit: mode})
					if err != nil {
						b.Fatal(err)
					}
					if res.Audit != nil {
						weak += res.Audit.Summary.Weak
					}
				}
				b.ReportMetric((proc.CPU()-cpu).Seconds()/float64(b.N), "cpu-s/op")
				b.ReportMetric(float64(weak)/float64(b.N), "weak/op")
			})
		}
	}
}

// exampleC is one program of examples/c, read once for a benchmark.
type exampleC struct {
	file, name string
	src        []byte
}

// examplesC reads every program of examples/c.
func examplesC(b *testing.B) []exampleC {
	files, _ := filepath.Glob("../examples/c/*.c")
	var out []exampleC
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			b.Fatal(err)
		}
		out = append(out, exampleC{file: file, name: strings.TrimSuffix(filepath.Base(file), ".c"), src: src})
	}
	return out
}
