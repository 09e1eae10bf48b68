package svrun

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/suretydev/surety/viverra"

	"github.com/suretydev/surety/svcomp"
	"github.com/suretydev/surety/work"
)

// Bench through a Runner (the local pool here) gives the table it gives
// in this process, with each task's worker named; a YAML file that is not
// a task is left out in both.
func TestBenchThroughARunner(t *testing.T) {
	for _, prog := range []string{"gcc", "z3"} {
		if _, err := exec.LookPath(prog); err != nil {
			t.Skipf("needs %s", prog)
		}
	}
	dir := t.TempDir()
	writeTask(t, dir, "fails", `extern void abort(void);
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { abort(); }
int main(void) { if (__VERIFIER_nondet_int() == 42) reach_error(); return 0; }
`, "false", "LP64")
	writeTask(t, dir, "holds", `extern void abort(void);
void reach_error(void) { abort(); }
int main(void) { int x = 3; if (x != 3) reach_error(); return 0; }
`, "true", "LP64")
	if err := os.WriteFile(filepath.Join(dir, "c", "other.yml"), []byte("name: not a task\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	opts := &TaskOptions{Facts: viverra.FactsOptions{Engines: []string{"native"}}}
	local, err := Bench(ctx, dir, opts, nil)
	if err != nil {
		t.Fatal(err)
	}
	o := *opts
	o.Runner = &work.Local{Workers: 2, Name: "pool"}
	var seen []string
	pooled, err := Bench(ctx, dir, &o, func(r *svcomp.Result) { seen = append(seen, r.Task) })
	if err != nil {
		t.Fatal(err)
	}
	if len(pooled.Results) != 2 || len(seen) != 2 {
		t.Fatalf("%d results, %d progress calls: want 2 and 2", len(pooled.Results), len(seen))
	}
	for i, r := range pooled.Results {
		l := local.Results[i]
		if r.Task != l.Task || r.Verdict != l.Verdict || r.Outcome != l.Outcome || r.Reason != l.Reason || r.Worker != "pool" || l.Worker != "" {
			t.Errorf("through the pool: %+v\nin process: %+v", r, l)
		}
	}
	if pooled.Score != local.Score || pooled.CorrectFalse != 1 || pooled.CorrectTrue != 1 {
		t.Errorf("tables differ: %+v and %+v", pooled, local)
	}
}

// A worker whose copy of a task differs from the coordinator's refuses
// the job.
func TestBenchJobRefusesAChangedTask(t *testing.T) {
	dir := t.TempDir()
	p := writeTask(t, dir, "holds", "int main(void) { return 0; }\n", "true", "LP64")
	files, err := taskFiles(p)
	if err != nil || len(files) != 2 {
		t.Fatalf("taskFiles: %v, %v", files, err)
	}
	for f := range files {
		files[f] = "0"
	}
	_, err = runBenchJob(context.Background(), benchJob{Task: p, Files: files})
	if err == nil || !strings.Contains(err.Error(), "differs here from the coordinator's copy") {
		t.Errorf("runBenchJob of a changed task: %v", err)
	}
}
