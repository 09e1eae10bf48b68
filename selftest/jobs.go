package selftest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"slices"
	"time"

	"github.com/suretydev/surety/work"
)

// JobKind is the kind of the work jobs (package work) that check one
// self-test program: RunJobs hands them out, and any process of the same
// build that imports this package runs them (`surety worker`).
const JobKind = "selftest.program"

var jobKind = work.Func(JobKind, runJob)

// jobInput is the input of a JobKind job: what decides program J's
// result.
type jobInput struct {
	Seed       int64         `json:"seed"`
	J          int           `json:"j"`
	Csmith     bool          `json:"csmith,omitempty"`
	Structs    bool          `json:"csmith_structs,omitempty"`
	Inputs     bool          `json:"inputs,omitempty"`
	Engines    []string      `json:"engines,omitempty"`
	Paths      []string      `json:"paths"`
	K          int           `json:"k,omitempty"`
	Timeout    time.Duration `json:"timeout,omitempty"`
	TaskBudget time.Duration `json:"task_budget,omitempty"`
	Keep       string        `json:"keep,omitempty"`
}

func (in *jobInput) options() *Options {
	return &Options{Seed: in.Seed, Csmith: in.Csmith, CsmithStructs: in.Structs, Inputs: in.Inputs, Engines: in.Engines, Paths: in.Paths,
		K: in.K, Timeout: in.Timeout, TaskBudget: in.TaskBudget, Keep: in.Keep}
}

// runJob checks one program, as Run does, and returns its ProgramResult.
// The program of a wrong verdict is kept on the worker's machine:
// in Keep, or else in a new temporary directory, removed when nothing
// was wrong.
func runJob(ctx context.Context, in jobInput) (*ProgramResult, error) {
	keep, err := keepDir(in.Keep)
	if err != nil {
		return nil, err
	}
	pr := runOne(ctx, in.options(), in.Paths, keep, in.J)
	if in.Keep == "" && len(pr.Wrong) == 0 {
		os.Remove(keep)
	}
	if err := ctx.Err(); err != nil {
		// Interrupted: the result may be one of the interruption.
		return nil, err
	}
	return pr, nil
}

// RunJobs is Run with each program a job (JobKind) of the Runner r: the
// local pool (work.Local), or the workers of a NATS server (work/nats),
// which run the same build. The paths are those Paths lists here; Workers
// is r's business and is ignored, Keep is a directory on each worker's
// machine, and Progress is called as each program's result comes in. A
// job that fails (the workers running it died, or it could not be run)
// fails the run once every other program is in, naming it; with
// Progress keeping the finished programs (surety selftest --state), a
// rerun resumes.
func RunJobs(ctx context.Context, opts *Options, r work.Runner) (*Report, error) {
	if opts == nil {
		opts = &Options{}
	}
	count := opts.Count
	if count == 0 {
		count = 10
	}
	paths := Paths(ctx, opts)
	var jobs []work.Job
	names := map[string]string{} // job ID -> program name
	for j := range count {
		name := Name(opts, j)
		if opts.Skip != nil && opts.Skip(name) {
			continue
		}
		in := jobInput{Seed: opts.Seed, J: j, Csmith: opts.Csmith, Structs: opts.CsmithStructs, Inputs: opts.Inputs, Engines: opts.Engines, Paths: paths,
			K: opts.K, Timeout: opts.Timeout, TaskBudget: opts.TaskBudget, Keep: opts.Keep}
		job, err := jobKind.Job(in)
		if err != nil {
			return nil, fmt.Errorf("selftest: %w", err)
		}
		names[job.ID] = name
		jobs = append(jobs, job)
	}
	var (
		results []*ProgramResult
		failed  []error
	)
	err := r.Run(ctx, jobs, func(res work.Result) error {
		pr := &ProgramResult{}
		if res.Err == "" {
			if err := json.Unmarshal(res.Output, pr); err != nil {
				res.Err = "its result does not decode: " + err.Error()
			}
		}
		if res.Err != "" {
			failed = append(failed, fmt.Errorf("%s (job %s, worker %q): %s", names[res.ID], res.ID, res.Worker, res.Err))
			return nil
		}
		results = append(results, pr)
		if opts.Progress != nil {
			opts.Progress(pr)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("selftest: %w", err)
	}
	if len(failed) > 0 {
		return nil, fmt.Errorf("selftest: %d of %d programs failed: %w", len(failed), len(jobs), errors.Join(failed...))
	}
	// In program order, as Run reports them.
	order := make(map[string]int, count)
	for j := range count {
		order[Name(opts, j)] = j
	}
	slices.SortFunc(results, func(a, b *ProgramResult) int { return order[a.Name] - order[b.Name] })
	return Summarize(results), nil
}
