// Package examples_test checks surety's completeness checker (package
// complete) against the real Dafny on the seed's worked cases in this
// directory: each file states the verdicts it expects in
// "// want: NAME VERDICT" lines. The adversarial probes live with the
// package, in complete/testdata/probes.
package examples_test

import (
	"bufio"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/suretydev/surety/complete"
	"github.com/suretydev/surety/complete/dafny"
)

// tool finds Dafny with a generous time limit per lemma: the examples' own
// proofs take seconds, and a loaded machine must not turn them into
// time-outs (which the checker rightly reports as a file that does not
// verify).
func tool(tb testing.TB) *dafny.Tool {
	tb.Helper()
	t, err := dafny.Find(context.Background(), &complete.VerifierOptions{TimeLimit: 90 * time.Second})
	if errors.Is(err, complete.ErrNotFound) {
		tb.Skip("needs dafny")
	}
	if err != nil {
		tb.Fatal(err)
	}
	return t
}

func wants(tb testing.TB, path string) map[string]complete.Verdict {
	f, err := os.Open(path)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	w := map[string]complete.Verdict{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(sc.Text()), "// want: "); ok {
			if fs := strings.Fields(rest); len(fs) == 2 {
				w[fs[0]] = complete.Verdict(fs[1])
			}
		}
	}
	return w
}

func TestExamples(t *testing.T) {
	if testing.Short() {
		t.Skip("runs Dafny a few times per file")
	}
	dfy := tool(t)
	files, _ := filepath.Glob("*.dfy")
	for _, file := range files {
		t.Run(strings.TrimSuffix(file, ".dfy"), func(t *testing.T) {
			t.Parallel()
			want := wants(t, file)
			rep, err := complete.Check(context.Background(), file, &complete.Options{Verifier: dfy})
			if err != nil {
				t.Fatal(err)
			}
			got := map[string]complete.Verdict{}
			for _, r := range rep.Results {
				got[r.Name] = r.Verdict
				if r.Verdict == complete.Under && !properWitness(r.Witness) {
					t.Errorf("%s: UNDER without a proper witness: %+v", r.Name, r.Witness)
				}
			}
			for name, v := range want {
				if got[name] != v {
					t.Errorf("%s: %s, want %s", name, got[name], v)
				}
			}
			for name, v := range got {
				if _, ok := want[name]; !ok {
					t.Errorf("%s: unexpected verdict %s", name, v)
				}
			}
			// The passes and the induction run (7 at most), and the run that asks
			// the failed uniqueness lemmas for a counterexample model (beside
			// the input pass, so it costs a run but little wall time).
			if rep.Runs > 8 {
				t.Errorf("%d Dafny runs, want at most 8", rep.Runs)
			}
			var b strings.Builder
			complete.WriteText(&b, rep)
			t.Logf("\n%s", b.String())
		})
	}
}

// properWitness reports whether w holds an input and two results that
// differ.
func properWitness(w *complete.Witness) bool {
	if w == nil || len(w.Actual) == 0 || len(w.Actual) != len(w.Other) {
		return false
	}
	for i := range w.Actual {
		if w.Actual[i].Value != w.Other[i].Value {
			return true
		}
	}
	return false
}

// BenchmarkComplete checks each example file once per iteration; the
// figure per file is the wall time of its (at most four) Dafny runs.
func BenchmarkComplete(b *testing.B) {
	dfy := tool(b)
	files, _ := filepath.Glob("*.dfy")
	for _, file := range files {
		b.Run(strings.TrimSuffix(file, ".dfy"), func(b *testing.B) {
			runs := 0
			for b.Loop() {
				rep, err := complete.Check(context.Background(), file, &complete.Options{Verifier: dfy})
				if err != nil {
					b.Fatal(err)
				}
				runs = rep.Runs
			}
			b.ReportMetric(float64(runs), "dafny-runs")
		})
	}
}
