package fmagent

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/suretydev/surety/contract"
	"github.com/suretydev/surety/frontend"
	"github.com/suretydev/surety/hoare"
	"github.com/suretydev/surety/llm"
	"github.com/suretydev/surety/progress"
	"github.com/suretydev/surety/smt"
	"github.com/suretydev/surety/work"
)

// ReasonKind is the kind of job (package work) that runs the Hoare pass
// on one function for ReasonAll with a Runner (ReasonOptions.Runner): any
// program that imports this package, and has set how it opens its model
// (llm.SetWorkerModel), can run it as a worker.
const ReasonKind = "surety.fmagent-reason"

var reasonKind = work.Func(ReasonKind, runReasonJob)

// reasonJob is the input of a ReasonKind job: what hoare.Reason reads of
// one function, with the model and the solver by name.
type reasonJob struct {
	// Func is the function with its statement tree.
	Func *frontend.Function `json:"func"`
	// Source is the text of the function's file from byte Offset (the
	// start of the line where the function or its first statement
	// begins) to the end of the function: every span of Func indexes into
	// the file, and a worker pads the bytes before Offset with newlines.
	Offset int    `json:"offset"`
	Source string `json:"source"`
	// Contract, Callees and CalleeNames are hoare.Input's.
	Contract    contract.Contract      `json:"contract"`
	Callees     []contract.Expectation `json:"callees,omitempty"`
	CalleeNames map[string]string      `json:"callee_names,omitempty"`
	BlockLines  int                    `json:"block_lines,omitempty"`
	// Model is the name of the model (llm.JobModelName) the worker must have
	// opened; Solver the registered solver's name, "" for none.
	Model  string `json:"model"`
	Solver string `json:"solver,omitempty"`
	// Budget is the tokens the caller's budget had left when the job was
	// handed out (llm.BudgetLeft); 0 means no budget.
	Budget int `json:"budget,omitempty"`
}

// reasonOutput is the output of a ReasonKind job: the report, and the
// token use of the requests the worker asked for it.
type reasonOutput struct {
	*hoare.Report
	TokenUse *llm.Report `json:"token_use,omitempty"`
}

// runReasonJob is the handler of ReasonKind: it rebuilds the input of the
// Hoare pass, runs it with the worker's model and the named solver, and
// returns the hoare.Report with its token use.
func runReasonJob(ctx context.Context, j reasonJob) (*reasonOutput, error) {
	if j.Func == nil || j.Offset < 0 {
		return nil, errors.New("fmagent: reason job: no function")
	}
	m, err := llm.WorkerModel(ctx, j.Model)
	if err != nil {
		return nil, fmt.Errorf("fmagent: reason job: %w", err)
	}
	solver, err := smt.Open(j.Solver)
	if err != nil {
		return nil, fmt.Errorf("fmagent: reason job: %w", err)
	}
	src := make([]byte, j.Offset, j.Offset+len(j.Source))
	for i := range src {
		src[i] = '\n'
	}
	src = append(src, j.Source...)
	mt := llm.Metered(m, &llm.MeterOptions{Budget: j.Budget}) // this job's requests alone
	rep, err := hoare.Reason(ctx, &hoare.Input{Func: j.Func, Source: src, Contract: j.Contract, Callees: j.Callees,
		CalleeNames: j.CalleeNames}, &hoare.Options{Model: mt, Solver: solver, BlockLines: j.BlockLines})
	use := mt.Report()
	if err != nil {
		return &reasonOutput{TokenUse: &use}, err
	}
	return &reasonOutput{Report: rep, TokenUse: &use}, nil
}

// sendable returns the names of the model and the solver of opts for jobs,
// or an error naming what cannot be sent to workers.
func (opts *ReasonOptions) sendable() (model, solver string, err error) {
	var why []string
	if opts.Stepper != nil {
		why = append(why, fmt.Sprintf("Stepper (%T: a Go value stays in this process)", opts.Stepper))
	}
	if opts.Model == nil {
		why = append(why, "Model (none)")
	} else if model, err = llm.JobModelName(opts.Model); err != nil {
		why = append(why, fmt.Sprintf("Model (%v)", err))
	}
	if s := opts.Solver; s != nil && !(reflect.ValueOf(s).Kind() == reflect.Pointer && reflect.ValueOf(s).IsNil()) {
		reg, err := smt.Lookup(s.Name())
		if err != nil || !reflect.TypeOf(s).Comparable() || reg != s {
			why = append(why, fmt.Sprintf("Solver %q (not the solver registered under that name: a job names its solver)", s.Name()))
		} else {
			solver = s.Name()
		}
	}
	if len(why) > 0 {
		return "", "", fmt.Errorf("surety: ReasonAll cannot send its work to workers: %s", strings.Join(why, "; "))
	}
	return model, solver, nil
}

// reasonJobOf is the ReasonKind job of in.
func reasonJobOf(in *hoare.Input, model, solver string, blockLines, budget int) (work.Job, error) {
	fn := in.Func
	lo, hi := fn.Span.StartByte, fn.Span.EndByte
	fn.Body.Walk(func(s *frontend.Stmt) bool {
		lo, hi = min(lo, s.Span.StartByte), max(hi, s.Span.EndByte)
		return true
	})
	if lo < 0 || hi > len(in.Source) || lo > hi {
		return work.Job{}, fmt.Errorf("surety: %s: its span %s lies outside its file", fn.QualifiedName(), fn.Span)
	}
	for lo > 0 && in.Source[lo-1] != '\n' {
		lo--
	}
	j, err := reasonKind.Job(reasonJob{Func: fn, Offset: lo, Source: string(in.Source[lo:hi]), Contract: in.Contract,
		Callees: in.Callees, CalleeNames: in.CalleeNames, BlockLines: blockLines, Model: model, Solver: solver, Budget: budget})
	if err != nil {
		return work.Job{}, fmt.Errorf("surety: %w", err)
	}
	return j, nil
}

// reasonJobs runs the Hoare pass of inputs (by index into reports) as
// jobs of opts.Runner, puts each report at its index, and adds each job's
// token use to opts.Model's. Each job carries what opts.Model's token
// budget has left. Once the budget is spent no more jobs are handed out:
// the functions left are reasoned about in this process, where the model
// refuses each request, as in a run without jobs (jobs already running
// finish, as requests under way do).
func reasonJobs(ctx context.Context, inputs map[int]*hoare.Input, reports []*hoare.Report, total int, opts *ReasonOptions) error {
	model, solver, err := opts.sendable()
	if err != nil {
		return err
	}
	done := 0
	put := func(i int, rep *hoare.Report) {
		reports[i] = rep
		done++
		if opts.Progress != nil {
			opts.Progress(progress.Event{Stage: "reason", Done: done, Total: total, Function: rep.Name})
		}
	}
	here := func(is []int) error {
		for _, i := range is {
			rep, err := hoare.Reason(ctx, inputs[i], &hoare.Options{Model: opts.Model, Solver: opts.Solver, BlockLines: opts.BlockLines})
			if err != nil {
				return fmt.Errorf("surety: %w", err)
			}
			put(i, rep)
		}
		return nil
	}
	var order []int // of the inputs, in node order
	for i := range reports {
		if inputs[i] != nil {
			order = append(order, i)
		}
	}
	if llm.BudgetSpent(opts.Model) != nil {
		return here(order)
	}
	budget, _ := llm.BudgetLeft(opts.Model)
	var jobs []work.Job
	byID := map[string][]int{}
	for _, i := range order {
		j, err := reasonJobOf(inputs[i], model, solver, opts.BlockLines, budget)
		if err != nil {
			return err
		}
		if byID[j.ID] == nil {
			jobs = append(jobs, j)
		}
		byID[j.ID] = append(byID[j.ID], i)
	}
	left, err := work.RunUntil(ctx, opts.Runner, jobs, func(r work.Result) error {
		var out reasonOutput
		if json.Unmarshal(r.Output, &out) == nil { // a failed job's too
			llm.AddUsage(opts.Model, out.TokenUse)
		}
		for _, i := range byID[r.ID] {
			name := inputs[i].Func.QualifiedName()
			if r.Err != "" {
				return fmt.Errorf("surety: reasoning about %s on worker %s: %s", name, r.Worker, r.Err)
			}
			var rep *hoare.Report
			if err := json.Unmarshal(r.Output, &rep); err != nil || rep == nil {
				return fmt.Errorf("surety: worker %s sent a result for %s that is not a Hoare report (%v)", r.Worker, name, err)
			}
			put(i, rep)
		}
		return nil
	}, func() error { return llm.BudgetSpent(opts.Model) })
	if err != nil {
		return err
	}
	var rest []int
	for _, j := range left {
		rest = append(rest, byID[j.ID]...)
	}
	slices.Sort(rest) // node order
	return here(rest)
}
