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
	"strings"
	"testing"

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
				if r.Verdict == validate.CompleteUnder && (r.Witness == nil || len(r.Witness.Actual) == 0 ||
					r.Witness.Actual[0].Value == r.Witness.Other[0].Value && len(r.Witness.Actual) == 1) {
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
			if rep.Runs > 4 {
				t.Errorf("%d Dafny runs, want at most 4", rep.Runs)
			}
			var b strings.Builder
			validate.WriteCompleteText(&b, rep)
			t.Logf("\n%s", b.String())
		})
	}
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
