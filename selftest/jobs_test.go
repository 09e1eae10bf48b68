package selftest

import (
	"context"
	"slices"
	"testing"

	"github.com/suretydev/surety/work"
)

// RunJobs through the local pool finds, program by program, what Run
// finds: its programs come back as jobs' results, decoded, in order.
// Verdicts within a check's budget may differ on a loaded machine, so
// only what does not depend on time is compared.
func TestRunJobsEqualsRun(t *testing.T) {
	need(t, "gcc", "z3")
	if testing.Short() {
		t.Skip("runs four programs' checks")
	}
	opts := &Options{Seed: 8_000_000, Count: 2, Engines: []string{"native"}, Paths: []string{"facts/native"}, Workers: 1}
	ctx := context.Background()
	opts.Keep = t.TempDir()
	local, err := Run(ctx, opts)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	opts.Progress = func(pr *ProgramResult) { names = append(names, pr.Name) }
	jobs, err := RunJobs(ctx, opts, &work.Local{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	if len(names) != 2 || len(jobs.Results) != len(local.Results) {
		t.Fatalf("RunJobs: %d programs (progress %v), Run %d", len(jobs.Results), names, len(local.Results))
	}
	for i, l := range local.Results {
		j := jobs.Results[i]
		if j.Name != l.Name || j.NoTruth != l.NoTruth || j.Fails != l.Fails || !slices.Equal(j.Asserts, l.Asserts) || len(j.Counts) != len(l.Counts) {
			t.Errorf("program %d through jobs: %+v\nRun: %+v", i, j, l)
			continue
		}
		for k, c := range l.Counts {
			if jc := j.Counts[k]; jc.Path != c.Path || jc.Programs != c.Programs || jc.Assertions != c.Assertions {
				t.Errorf("%s: count through jobs %+v, Run %+v", l.Name, jc, c)
			}
		}
	}
}
