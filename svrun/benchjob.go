package svrun

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/suretydev/surety/viverra"

	"github.com/suretydev/surety/bmc"
	"github.com/suretydev/surety/svcomp"
	"github.com/suretydev/surety/work"
)

// BenchTaskKind is the kind of job (package work) that runs one task of
// Bench: any program that imports this package can run it as a worker.
const BenchTaskKind = "surety.bench-task"

var benchTaskKind = work.Func(BenchTaskKind, runBenchJob)

// benchJob is the input of a BenchTaskKind job: the task, the content
// hash of each of its files (so the job's ID changes with them, and a
// worker whose copy differs refuses it), and the options that can be
// sent.
type benchJob struct {
	Task    string            `json:"task"`
	Files   map[string]string `json:"files"`
	Options benchJobOptions   `json:"options"`
}

// benchJobOptions are the fields of TaskOptions (and its FactsOptions)
// that a job carries.
type benchJobOptions struct {
	K                      int           `json:"k,omitempty"`
	Timeout                time.Duration `json:"timeout,omitempty"`
	Workers                int           `json:"workers,omitempty"`
	Engines                []string      `json:"engines,omitempty"`
	ESBMC                  string        `json:"esbmc,omitempty"`
	CBMC                   string        `json:"cbmc,omitempty"`
	First                  bool          `json:"first,omitempty"`
	MallocMayFail          bool          `json:"malloc_may_fail,omitempty"`
	NoInduction            bool          `json:"no_induction,omitempty"`
	SkipBoundCheck         bool          `json:"skip_bound_check,omitempty"`
	SkipUndefinedBehaviour bool          `json:"skip_undefined_behaviour,omitempty"`
	Compile                bmc.Compile   `json:"compile"`
	NoRuns                 bool          `json:"no_runs,omitempty"`
	MaxK                   int           `json:"max_k,omitempty"`
	WitnessDir             string        `json:"witness_dir,omitempty"`
	Budget                 time.Duration `json:"budget,omitempty"`
}

// benchJobOutput is the output of a BenchTaskKind job.
type benchJobOutput struct {
	// NotTask says the file is YAML but not a task definition.
	NotTask bool           `json:"not_task,omitempty"`
	Result  *svcomp.Result `json:"result,omitempty"`
}

// taskFiles returns the content hash of the task definition p and of the
// input files it names, by path.
func taskFiles(p string) (map[string]string, error) {
	files := []string{p}
	if t, err := svcomp.ParseTask(p); err == nil {
		files = append(files, t.InputFiles...)
	}
	hashes := make(map[string]string, len(files))
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		sum := sha256.Sum256(b)
		hashes[f] = hex.EncodeToString(sum[:])
	}
	return hashes, nil
}

// runBenchJob is the handler of BenchTaskKind: it checks that the task's
// files are the coordinator's, and runs the task.
func runBenchJob(ctx context.Context, j benchJob) (*benchJobOutput, error) {
	files, err := taskFiles(j.Task)
	if err != nil {
		return nil, fmt.Errorf("surety: bench task job: %w", err)
	}
	for f, h := range j.Files {
		if files[f] != h {
			return nil, fmt.Errorf("surety: bench task job: %s differs here from the coordinator's copy (or is missing)", f)
		}
	}
	o := j.Options
	opts := &TaskOptions{MaxK: o.MaxK, WitnessDir: o.WitnessDir, Budget: o.Budget,
		Facts: viverra.FactsOptions{K: o.K, Timeout: o.Timeout, Workers: o.Workers, Engines: o.Engines, ESBMC: o.ESBMC, CBMC: o.CBMC,
			First: o.First, MallocMayFail: o.MallocMayFail, NoInduction: o.NoInduction, SkipBoundCheck: o.SkipBoundCheck,
			SkipUndefinedBehaviour: o.SkipUndefinedBehaviour, Compile: o.Compile, NoRuns: o.NoRuns}}
	r, err := RunTask(ctx, j.Task, opts)
	if errors.Is(err, svcomp.ErrFormat) {
		return &benchJobOutput{NotTask: true}, nil
	}
	if err != nil {
		return nil, err
	}
	return &benchJobOutput{Result: r}, nil
}

// benchJobs is Bench with its tasks handed out by opts.Runner.
func benchJobs(ctx context.Context, dir string, tasks []string, opts *TaskOptions, progress func(*svcomp.Result)) (*svcomp.Table, error) {
	f := &opts.Facts
	if f.Checker != nil || f.Cache != nil || f.Runs != nil || f.Runner != nil {
		return nil, errors.New("surety: bench: Facts.Checker, Cache, Runs and Runner cannot be sent to workers; leave them nil with a Runner")
	}
	witness := opts.WitnessDir
	if witness != "" {
		abs, err := filepath.Abs(witness)
		if err != nil {
			return nil, fmt.Errorf("surety: bench: %w", err)
		}
		witness = abs
	}
	o := benchJobOptions{K: f.K, Timeout: f.Timeout, Workers: f.Workers, Engines: f.Engines, ESBMC: f.ESBMC, CBMC: f.CBMC,
		First: f.First, MallocMayFail: f.MallocMayFail, NoInduction: f.NoInduction, SkipBoundCheck: f.SkipBoundCheck,
		SkipUndefinedBehaviour: f.SkipUndefinedBehaviour, Compile: f.Compile, NoRuns: f.NoRuns,
		MaxK: opts.MaxK, WitnessDir: witness, Budget: opts.Budget}
	jobs := make([]work.Job, len(tasks))
	index := make(map[string][]int, len(tasks))
	for i, p := range tasks {
		abs, err := filepath.Abs(p)
		if err != nil {
			return nil, fmt.Errorf("surety: bench: %w", err)
		}
		files, err := taskFiles(abs)
		if err != nil {
			return nil, fmt.Errorf("surety: bench: %w", err)
		}
		jobs[i], err = benchTaskKind.Job(benchJob{Task: abs, Files: files, Options: o})
		if err != nil {
			return nil, fmt.Errorf("surety: bench: %w", err)
		}
		index[jobs[i].ID] = append(index[jobs[i].ID], i)
	}
	rows := make([]*svcomp.Result, len(tasks))
	notTask := make([]bool, len(tasks))
	err := opts.Runner.Run(ctx, jobs, func(res work.Result) error {
		var out benchJobOutput
		if res.Err == "" {
			if err := json.Unmarshal(res.Output, &out); err != nil || (!out.NotTask && out.Result == nil) {
				res.Err = fmt.Sprintf("worker %s sent a result that is not a task's: %v", res.Worker, err)
			}
		}
		for _, i := range index[res.ID] {
			p := tasks[i]
			var r *svcomp.Result
			switch {
			case res.Err != "":
				r = failedTask(p, res.Err)
			case out.NotTask:
				notTask[i] = true
				continue
			default:
				c := *out.Result
				r = &c
			}
			r.Worker = res.Worker
			r.Task = p
			if rel, err := filepath.Rel(dir, p); err == nil {
				r.Task = rel
			}
			rows[i] = r
			if progress != nil {
				progress(r)
			}
		}
		return nil
	})
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, fmt.Errorf("surety: bench: %w", err)
	}
	var results []svcomp.Result
	for i, r := range rows {
		if !notTask[i] {
			results = append(results, *r)
		}
	}
	return svcomp.Tabulate(results), nil
}
