package selftest

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/suretydev/surety/work"
)

// Soak keeps each program in its state file and says so in a line; a
// second run over the same state checks only the new programs, through a
// Runner this time, and its report counts them all.
func TestSoakResumes(t *testing.T) {
	need(t, "gcc", "z3")
	state := filepath.Join(t.TempDir(), "st.jsonl")
	opts := &Options{Seed: 1, Count: 1, Paths: []string{"facts/native"}, Engines: []string{"native"}, Keep: t.TempDir()}
	var lines []string
	so := &SoakOptions{State: state, Logf: func(format string, args ...any) { lines = append(lines, fmt.Sprintf(format, args...)) }}
	rep, err := Soak(context.Background(), opts, so)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Programs+rep.NoTruth != 1 || len(lines) != 1 || !regexp.MustCompile(`^1/1 gen-1 [0-9.]+s, `).MatchString(lines[0]) {
		t.Fatalf("report %+v, lines %q", rep, lines)
	}
	if b, err := os.ReadFile(state); err != nil || !strings.Contains(string(b), `"name":"gen-1"`) {
		t.Fatalf("state %q, %v", b, err)
	}

	lines = nil
	o2 := *opts
	o2.Count = 2
	var progress []string
	o2.Progress = func(pr *ProgramResult) { progress = append(progress, pr.Name) }
	so.Runner = &work.Local{}
	rep, err = Soak(context.Background(), &o2, so)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Programs+rep.NoTruth != 2 || len(rep.Results) != 2 || rep.Results[0].Name != "gen-1" || rep.Results[1].Name != "gen-2" {
		t.Errorf("resumed report: %d programs, results %v", rep.Programs+rep.NoTruth, rep.Results)
	}
	if len(lines) != 1 || !strings.HasPrefix(lines[0], "2/2 gen-2 ") || len(progress) != 1 || progress[0] != "gen-2" {
		t.Errorf("resumed run: lines %q, Progress %q", lines, progress)
	}
	if opts.Skip != nil || opts.Progress != nil {
		t.Error("Soak modified its options")
	}
}

// InterestingTest reads what Reduce passes it and says what is wrong
// with it.
func TestInterestingTestErrors(t *testing.T) {
	ctx := context.Background()
	if _, err := InterestingTest(ctx, "{", "x.c", nil); err == nil {
		t.Error("bad JSON: no error")
	}
	if _, err := InterestingTest(ctx, `{"path":"facts/native"}`, filepath.Join(t.TempDir(), "none.c"), nil); !os.IsNotExist(err) {
		t.Errorf("missing file: %v", err)
	}
}
