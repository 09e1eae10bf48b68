package bmc

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/suretydev/surety/internal/proc"
)

var wantRE = regexp.MustCompile(`// want (assumption:)?"([^"]*)"`)

// Each file of testdata/prescan carries its expected hazards as
// `// want "construct"` on the line of the construct, and its expected
// assumptions as `// want assumption:"prefix"`; anything unmatched on
// either side fails.
func TestPrescan(t *testing.T) {
	if _, err := proc.LookPath("gcc"); err != nil {
		t.Skip("needs gcc")
	}
	files, _ := filepath.Glob("testdata/prescan/*.c")
	if len(files) == 0 {
		t.Fatal("no testdata")
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			p, err := ParseProgram(file, src)
			if err != nil {
				t.Fatal(err)
			}
			var want, wantAsm []string
			for i, line := range strings.Split(string(src), "\n") {
				for _, m := range wantRE.FindAllStringSubmatch(line, -1) {
					if m[1] != "" {
						wantAsm = append(wantAsm, m[2])
					} else {
						want = append(want, lineKey(i+1, m[2]))
					}
				}
			}
			s, err := Prescan(context.Background(), p, nil)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, h := range s.Hazards {
				got = append(got, lineKey(h.Line, h.Construct))
			}
			sort.Strings(want)
			sort.Strings(got)
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("hazards:\n got %q\nwant %q\n%+v", got, want, s.Hazards)
			}
			if len(s.Assumptions) != len(wantAsm) {
				t.Errorf("assumptions %q, want %d with prefixes %q", s.Assumptions, len(wantAsm), wantAsm)
			}
			for _, w := range wantAsm {
				found := false
				for _, a := range s.Assumptions {
					found = found || strings.HasPrefix(a, w)
				}
				if !found {
					t.Errorf("no assumption starts %q: %q", w, s.Assumptions)
				}
			}
		})
	}
}

func lineKey(line int, construct string) string {
	return construct + "@" + strings.Repeat("0", 4-len(itoa(line))) + itoa(line)
}

func itoa(n int) string {
	var b []byte
	for {
		b = append([]byte{byte('0' + n%10)}, b...)
		n /= 10
		if n == 0 {
			return string(b)
		}
	}
}

// A program with a hazard has no fact, whatever the engine says; a
// replayed counterexample, a real run, still counts.
func TestHazardKeepsFactsOut(t *testing.T) {
	if _, err := proc.LookPath("gcc"); err != nil {
		t.Skip("needs gcc")
	}
	src := []byte(`#include <assert.h>
#include <stdio.h>
int main(void) {
    int n = 0;
    printf("abc%n\n", &n);
    assert(n == 0);
    assert(n == 4);
    return 0;
}
`)
	p, err := ParseProgram("n.c", src)
	if err != nil {
		t.Fatal(err)
	}
	// A wrong engine: it believes printf writes nothing.
	engine := table{0: Verified, 1: Falsified}
	rep, err := VerifyAll(context.Background(), p, engine, &Options{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	if f := rep.Facts[0]; f.Status != VerdictUnknown || !strings.Contains(f.Reason, "printf %n at line 5") {
		t.Errorf("a1 = %s (%s), want UNKNOWN naming printf %%n at line 5", f.Status, f.Reason)
	}
	// printf wrote 3 (the characters before %n): n == 4 fails on the real
	// run, so the standalone claim replays. With a1 (n == 0) assumed no
	// real run is left, and the compositional claim does not.
	if f := rep.Facts[1]; f.Standalone != Falsified || f.Status != VerdictUnknown || !strings.Contains(f.Reason, "not replayed") {
		t.Errorf("a2 = standalone %s, %s (%s); want a replayed standalone FALSIFIED, then UNKNOWN", f.Standalone, f.Status, f.Reason)
	}
	if len(rep.Hazards) != 1 || rep.Summary.Verified+rep.Summary.CVerified != 0 {
		t.Errorf("report: hazards %+v, summary %+v", rep.Hazards, rep.Summary)
	}
	var b strings.Builder
	if err := rep.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "n.c: printf %n at line 5") {
		t.Errorf("text does not name the hazard:\n%s", b.String())
	}
}

// table answers by target index, the same with or without assumptions;
// its FALSIFIED answers carry no input, so VerifyAll must replay them.
type table map[int]Status

func (t table) Name() string { return "table" }
func (t table) Check(ctx context.Context, q *Query) (*Result, error) {
	return &Result{Status: t[q.Target], Engine: "table", Counterexample: &Counterexample{}}, nil
}
