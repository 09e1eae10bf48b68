package run

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/suretydev/surety/bmc"
)

func examples(t testing.TB) []*bmc.Program {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("..", "..", "examples", "c", "*.c"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no examples: %v", err)
	}
	var ps []*bmc.Program
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		ps = append(ps, parse(t, f, string(src)))
	}
	return ps
}

// Every FALSIFIED the engine gives on examples/c, standalone and assuming
// every earlier assertion, replays under bmc.Replay, independently of the
// engine; and every assertion the runs saw fail is FALSIFIED.
func TestExamplesReplay(t *testing.T) {
	needGCC(t)
	c := New(&Options{Fuzz: -1})
	for _, p := range examples(t) {
		t.Run(filepath.Base(p.File), func(t *testing.T) {
			o, err := c.Observe(context.Background(), p, 0)
			if err != nil {
				t.Fatal(err)
			}
			if !o.ReadsInput || o.Complete || o.Runs == 0 {
				t.Errorf("observation %+v", o)
			}
			falsified := 0
			for i := range p.Asserts {
				r := check(t, c, &bmc.Query{Program: p, Target: i, K: 5})
				if (r.Status == bmc.Falsified) != o.Failed(i) {
					t.Errorf("a%d: %v, but the observation says failed=%v", i+1, r.Status, o.Failed(i))
				}
				if r.Status == bmc.Falsified {
					falsified++
				}
				var earlier []int
				for j := range i {
					earlier = append(earlier, j)
				}
				check(t, c, &bmc.Query{Program: p, Target: i, Assume: earlier, K: 5})
			}
			t.Logf("%d of %d assertions falsified by %d runs", falsified, len(p.Asserts), o.Runs)
		})
	}
}

// BenchmarkCheck answers every assertion's standalone query of each
// program of examples/c with a fresh checker (builds, runs and fuzzing
// included): ns/program is the cost per program, with the default
// options and without fuzzing.
func BenchmarkCheck(b *testing.B) {
	needGCC(b)
	ps := examples(b)
	for _, bc := range []struct {
		name string
		opts *Options
	}{{"default", nil}, {"nofuzz", &Options{Fuzz: -1}}} {
		b.Run(bc.name, func(b *testing.B) {
			for range b.N {
				for _, p := range ps {
					c := New(bc.opts)
					for i := range p.Asserts {
						if _, err := c.Check(context.Background(), &bmc.Query{Program: p, Target: i, K: 5}); err != nil {
							b.Fatal(err)
						}
					}
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(ps)), "ns/program")
		})
	}
}
