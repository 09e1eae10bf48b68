package fmagent

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/suretydev/surety/llm"
	"github.com/suretydev/surety/validate"
	"github.com/suretydev/surety/validate/sandbox"
	"github.com/suretydev/surety/work"
)

// ConfirmKind is the kind of job (package work) that confirms one
// potential bug for Confirm with a Runner of jobs (ConfirmOptions.Jobs):
// any program that imports this package, and has set how it opens its
// model (llm.SetWorkerModel), can run it as a worker. The worker writes
// the tests with its own model and runs them in a sandbox of its own,
// made from the options the job carries; the commands of the target
// system run in that sandbox's directory on the worker's machine, so the
// system under test must be at the same paths there as here.
const ConfirmKind = "surety.fmagent-confirm"

var confirmKind = work.Func(ConfirmKind, runConfirmJob)

// confirmJob is the input of a ConfirmKind job: validate.Confirm's
// suspect and options, with the model by name and the sandbox by its
// options.
type confirmJob struct {
	// Model is the name of the model (llm.JobModelName) the worker must
	// have opened.
	Model    string                `json:"model"`
	Suspect  *validate.Suspect     `json:"suspect"`
	System   validate.TargetSystem `json:"system"`
	Attempts int                   `json:"attempts"`
	Sandbox  sandboxJob            `json:"sandbox"`
	// Budget is the tokens the caller's budget had left when the job was
	// handed out (llm.BudgetLeft); 0 means no budget.
	Budget int `json:"budget,omitempty"`
}

// sandboxJob is sandbox.Options as a job carries them.
type sandboxJob struct {
	Limits       sandbox.Limits `json:"limits"`
	AllowNetwork bool           `json:"allow_network,omitempty"`
	AllowWrites  bool           `json:"allow_writes,omitempty"`
	Env          []string       `json:"env,omitempty"`
}

// confirmOutput is the output of a ConfirmKind job: the confirmation,
// and the token use of the requests the worker asked for it.
type confirmOutput struct {
	*validate.Confirmation
	TokenUse *llm.Report `json:"token_use,omitempty"`
}

// runConfirmJob is the handler of ConfirmKind: it confirms the suspect
// with the worker's model in a sandbox made from the job's options, and
// returns the confirmation with its token use.
func runConfirmJob(ctx context.Context, j confirmJob) (*confirmOutput, error) {
	if j.Suspect == nil {
		return nil, errors.New("fmagent: confirm job: no suspect")
	}
	m, err := llm.WorkerModel(ctx, j.Model)
	if err != nil {
		return nil, fmt.Errorf("fmagent: confirm job: %w", err)
	}
	mt := llm.Metered(m, &llm.MeterOptions{Budget: j.Budget}) // this job's requests alone
	sb := sandbox.New(&sandbox.Options{Limits: j.Sandbox.Limits, AllowNetwork: j.Sandbox.AllowNetwork,
		AllowWrites: j.Sandbox.AllowWrites, Env: j.Sandbox.Env})
	c, err := validate.Confirm(ctx, j.Suspect, &validate.ConfirmOptions{Model: mt, System: j.System, Attempts: j.Attempts, Runner: sb})
	use := mt.Report()
	if err != nil {
		return &confirmOutput{TokenUse: &use}, err
	}
	return &confirmOutput{Confirmation: c, TokenUse: &use}, nil
}

// confirmJobs is what the jobs of one Confirm carry besides the suspect.
type confirmJobs struct {
	model    string
	attempts int
	sandbox  sandboxJob
}

// sendable returns what the jobs of opts carry, or an error naming each
// option that cannot be sent to workers: a Model that a worker cannot
// open by name, a Runner other than a *sandbox.Sandbox.
func (opts *ConfirmOptions) sendable(attempts int) (*confirmJobs, error) {
	var why []string
	cj := &confirmJobs{attempts: attempts}
	var err error
	if opts.Model == nil {
		why = append(why, "Model (none)")
	} else if cj.model, err = llm.JobModelName(opts.Model); err != nil {
		why = append(why, fmt.Sprintf("Model (%v)", err))
	}
	switch r := opts.Runner.(type) {
	case nil:
	case *sandbox.Sandbox:
		if r != nil {
			o := r.Options()
			cj.sandbox = sandboxJob{Limits: o.Limits, AllowNetwork: o.AllowNetwork, AllowWrites: o.AllowWrites, Env: o.Env}
		}
	default:
		why = append(why, fmt.Sprintf("Runner (%T: a worker runs the tests in a sandbox.Sandbox made from its options; another Runner stays in this process)", r))
	}
	if len(why) > 0 {
		return nil, fmt.Errorf("surety: Confirm cannot send its work to workers: %s", strings.Join(why, "; "))
	}
	return cj, nil
}

// run confirms suspects[i] for each i in todo as jobs of opts.Jobs, and
// calls decided with each confirmation as it comes back, adding the token
// use of each job to opts.Model's. Each job carries what opts.Model's
// token budget has left. Once the budget is spent no more jobs are handed
// out: run returns the suspects it left, for the caller to confirm in its
// own process, where the model refuses them as in a run without jobs
// (jobs already running finish, as requests under way do).
func (cj *confirmJobs) run(ctx context.Context, opts *ConfirmOptions, suspects []*validate.Suspect, todo []int,
	decided func(int, *validate.Confirmation) error) (left []int, err error) {
	if llm.BudgetSpent(opts.Model) != nil {
		return todo, nil
	}
	budget, _ := llm.BudgetLeft(opts.Model)
	var jobs []work.Job
	byID := map[string][]int{}
	for _, i := range todo {
		j, err := confirmKind.Job(confirmJob{Model: cj.model, Suspect: suspects[i], System: opts.System, Attempts: cj.attempts,
			Sandbox: cj.sandbox, Budget: budget})
		if err != nil {
			return nil, fmt.Errorf("surety: %w", err)
		}
		if byID[j.ID] == nil {
			jobs = append(jobs, j)
		}
		byID[j.ID] = append(byID[j.ID], i)
	}
	if len(jobs) == 0 {
		return nil, nil
	}
	rest, err := work.RunUntil(ctx, opts.Jobs, jobs, func(r work.Result) error {
		var out confirmOutput
		if json.Unmarshal(r.Output, &out) == nil { // a failed job's too
			llm.AddUsage(opts.Model, out.TokenUse)
		}
		for _, i := range byID[r.ID] {
			s := suspects[i]
			if r.Err != "" {
				return fmt.Errorf("surety: confirming the potential bug of %s at %s:%d on worker %s: %s", s.Function, s.File, s.Line, r.Worker, r.Err)
			}
			if out.Confirmation == nil {
				return fmt.Errorf("surety: worker %s sent a result for the potential bug of %s at %s:%d that is not a confirmation",
					r.Worker, s.Function, s.File, s.Line)
			}
			if err := decided(i, out.Confirmation); err != nil {
				return err
			}
		}
		return nil
	}, func() error { return llm.BudgetSpent(opts.Model) })
	for _, j := range rest {
		left = append(left, byID[j.ID]...)
	}
	slices.Sort(left)
	return left, err
}
