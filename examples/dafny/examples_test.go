// Package examples_test checks surety's completeness checker against the
// real Dafny on the example files of this directory: each file states the
// verdicts it expects in "// want: NAME VERDICT" lines.
package examples_test

import (
	"bufio"
	"context"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/suretydev/surety/validate"
	"github.com/suretydev/surety/validate/dafny"
)

func tool(tb testing.TB) *dafny.Tool {
	tb.Helper()
	t, err := dafny.Find(context.Background(), nil)
	if errors.Is(err, dafny.ErrNotFound) {
		tb.Skip("needs dafny")
	}
	if err != nil {
		tb.Fatal(err)
	}
	return t
}

func wants(tb testing.TB, path string) map[string]validate.CompleteVerdict {
	f, err := os.Open(path)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	w := map[string]validate.CompleteVerdict{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(sc.Text()), "// want: "); ok {
			if fs := strings.Fields(rest); len(fs) == 2 {
				w[fs[0]] = validate.CompleteVerdict(fs[1])
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
			rep, err := validate.CheckComplete(context.Background(), file, &validate.CompleteOptions{Dafny: dfy})
			if err != nil {
				t.Fatal(err)
			}
			got := map[string]validate.CompleteVerdict{}
			for _, r := range rep.Results {
				got[r.Name] = r.Verdict
				if r.Verdict == validate.CompleteUnder && !properWitness(r.Witness) {
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
			if rep.Runs > 7 {
				t.Errorf("%d Dafny runs, want at most 7", rep.Runs)
			}
			var b strings.Builder
			validate.WriteCompleteText(&b, rep)
			t.Logf("\n%s", b.String())
		})
	}
}

var wantRE = regexp.MustCompile(`//\s*want\s+"(.*)"\s*$`)

// probeWants reads the expectations of a probe file: a comment
// // want "REGEXP" on a declaration's line, matched against the verdict and
// reason of that declaration, "VERDICT: reason".
func probeWants(tb testing.TB, path string) map[int]*regexp.Regexp {
	src, err := os.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	w := map[int]*regexp.Regexp{}
	for i, line := range strings.Split(string(src), "\n") {
		if m := wantRE.FindStringSubmatch(line); m != nil {
			re, err := regexp.Compile(m[1])
			if err != nil {
				tb.Fatalf("%s:%d: %v", path, i+1, err)
			}
			w[i+1] = re
		}
	}
	return w
}

// TestProbes runs the adversarial probes of probes/, each a file whose
// comment says what the truth is and why; every checked declaration
// carries its expected verdict. A witness must hold two different
// results. Run it with -count=3 to see that the answers are stable.
func TestProbes(t *testing.T) {
	if testing.Short() {
		t.Skip("runs Dafny a few times per file")
	}
	tool(t)
	// A generous time limit per lemma: the probes' own proofs take seconds,
	// and a loaded machine must not turn them into time-outs (which the
	// checker rightly reports as a file that does not verify).
	dfy, err := dafny.Find(context.Background(), &dafny.Options{TimeLimit: 90 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob("probes/*.dfy")
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".dfy"), func(t *testing.T) {
			t.Parallel()
			want := probeWants(t, file)
			rep, err := validate.CheckComplete(context.Background(), file, &validate.CompleteOptions{Dafny: dfy, RunTimeout: 20 * time.Second})
			if err != nil {
				t.Fatal(err)
			}
			seen := map[int]bool{}
			for _, r := range rep.Results {
				got := string(r.Verdict) + ": " + r.Reason
				re := want[r.Line]
				switch {
				case re == nil:
					t.Errorf("line %d: %s: unexpected %s", r.Line, r.Name, got)
				case !re.MatchString(got):
					t.Errorf("line %d: %s: got %q, want %q", r.Line, r.Name, got, re)
				}
				seen[r.Line] = true
				if r.Verdict == validate.CompleteUnder && !properWitness(r.Witness) {
					t.Errorf("%s: UNDER without a proper witness: %+v", r.Name, r.Witness)
				}
			}
			for line, re := range want {
				if !seen[line] {
					t.Errorf("line %d: no verdict, want %q", line, re)
				}
			}
			var b strings.Builder
			validate.WriteCompleteText(&b, rep)
			t.Logf("\n%s", b.String())
		})
	}
}

// properWitness reports whether w holds an input and two results that
// differ.
func properWitness(w *validate.CompleteWitness) bool {
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
				rep, err := validate.CheckComplete(context.Background(), file, &validate.CompleteOptions{Dafny: dfy})
				if err != nil {
					b.Fatal(err)
				}
				runs = rep.Runs
			}
			b.ReportMetric(float64(runs), "dafny-runs")
		})
	}
}
