package contract

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"github.com/suretydev/surety/callgraph"
	"github.com/suretydev/surety/llm"
	"github.com/suretydev/surety/progress"
	"github.com/suretydev/surety/work"
)

// BatchKind is the kind of job (package work) that asks the model for the
// contracts of one batch of a layer, for Generate with a Runner
// (Options.Runner): any program that imports this package, and has set
// how it opens its model (llm.SetWorkerModel), can run it as a worker.
const BatchKind = "surety.contract-batch"

var batchKind = work.Func(BatchKind, runBatchJob)

// batchJob is the input of a BatchKind job: the request of the batch
// (its prompt, made by the caller from the records above), the repair
// loop's options and the model by name. Its output is the llm.Reply, with
// the token use of the requests the worker asked for it (batchOutput).
type batchJob struct {
	Model   string          `json:"model"`
	Request *llm.Request    `json:"request"`
	Ask     *llm.AskOptions `json:"ask,omitempty"`
	// Budget is the tokens the caller's budget had left when the job was
	// handed out (llm.BudgetLeft); 0 means no budget.
	Budget int `json:"budget,omitempty"`
}

// batchOutput is the output of a BatchKind job.
type batchOutput struct {
	*llm.Reply
	TokenUse *llm.Report `json:"token_use,omitempty"`
}

// runBatchJob is the handler of BatchKind: it asks the worker's model
// for the batch's contracts, with the generation schema and its repairs,
// and returns the valid reply with its token use.
func runBatchJob(ctx context.Context, j batchJob) (*batchOutput, error) {
	if j.Request == nil {
		return nil, errors.New("contract: batch job: no request")
	}
	m, err := llm.WorkerModel(ctx, j.Model)
	if err != nil {
		return nil, fmt.Errorf("contract: batch job: %w", err)
	}
	mt := llm.Metered(m, &llm.MeterOptions{Budget: j.Budget}) // this job's requests alone
	reply, err := llm.Structured(ctx, mt, j.Request, generateSchema, j.Ask)
	use := mt.Report()
	if err != nil {
		// The replies that did not fit the schema were paid for.
		return &batchOutput{TokenUse: &use}, err
	}
	return &batchOutput{Reply: reply, TokenUse: &use}, nil
}

// layersAsJobs is Schedule's work done with opts.Runner: the batches of a
// layer (cut as Schedule cuts them, their requests made here from the
// records of the layers above) are one Runner.Run, and the next layer
// starts only when every batch of this one is in: the layer order stays
// the barrier. It returns what Schedule returns, and Schedule's progress
// events.
func (gen *generator) layersAsJobs(ctx context.Context, layers [][]*callgraph.Component) error {
	model, err := llm.JobModelName(gen.opts.Model)
	if err != nil {
		return fmt.Errorf("contract: Generate cannot send its work to workers: Model (%v)", err)
	}
	size := max(gen.opts.Batch, 1)
	total := 0
	for _, l := range layers {
		total += len(l)
	}
	var failures []*callgraph.ComponentError
	done, failed := 0, 0
	order := map[*callgraph.Component]int{} // position in its layer, for sorting errors
	for li, l := range layers {
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("callgraph: schedule stopped before layer %d: %w", li+1, err)
		}
		for i, c := range l {
			order[c] = i
		}
		// finish counts a batch done, failed when err is set.
		finish := func(batch []*callgraph.Component, err error) {
			done += len(batch)
			if err != nil {
				failed += len(batch)
				for _, c := range batch {
					failures = append(failures, &callgraph.ComponentError{Layer: li + 1, Component: c, Err: err})
				}
			}
			if gen.opts.Progress != nil {
				gen.opts.Progress(progress.Event{Stage: "schedule", Layer: li + 1, Layers: len(layers), Done: done, Total: total, Failed: failed})
			}
		}
		type asked struct {
			batch []*callgraph.Component
			todo  []*fnPrompt
			req   *llm.Request
		}
		var (
			jobs []work.Job
			byID = map[string][]asked{}
		)
		for start := 0; start < len(l); start += size {
			batch := l[start:min(start+size, len(l))]
			todo, req, err := gen.request(ctx, batch)
			if err != nil || req == nil {
				finish(batch, err)
				continue
			}
			// A spent budget refuses the batch, as the model would.
			budget, _ := llm.BudgetLeft(gen.opts.Model)
			if err := llm.BudgetSpent(gen.opts.Model); err != nil {
				finish(batch, fmt.Errorf("contract: %s: %w", req.Item, err))
				continue
			}
			j, err := batchKind.Job(batchJob{Model: model, Request: req, Ask: gen.opts.Ask, Budget: budget})
			if err != nil {
				return fmt.Errorf("contract: %w", err)
			}
			if byID[j.ID] == nil {
				jobs = append(jobs, j)
			}
			byID[j.ID] = append(byID[j.ID], asked{batch, todo, req})
		}
		if len(jobs) == 0 {
			continue
		}
		// Once the budget is spent, the batches not yet taken are refused
		// as the model would refuse them; those running finish, as
		// requests under way do.
		spent := func() error { return llm.BudgetSpent(gen.opts.Model) }
		left, err := work.RunUntil(ctx, gen.opts.Runner, jobs, func(r work.Result) error {
			var out batchOutput
			if json.Unmarshal(r.Output, &out) == nil { // a failed job's too
				llm.AddUsage(gen.opts.Model, out.TokenUse)
			}
			for _, a := range byID[r.ID] {
				var reply *llm.Reply
				var err error
				if r.Err != "" {
					err = fmt.Errorf("on worker %s: %s", r.Worker, r.Err)
				} else if err = json.Unmarshal(r.Output, &reply); err != nil || reply == nil || reply.Response == nil {
					err = fmt.Errorf("worker %s sent a result that is not a reply (%v)", r.Worker, err)
				}
				if err != nil {
					err = fmt.Errorf("contract: %s: %w", a.req.Item, err)
				} else {
					err = gen.answer(a.todo, a.req.PromptVersion, reply, nil)
				}
				finish(a.batch, err)
			}
			return nil
		}, spent)
		for _, j := range left {
			for _, a := range byID[j.ID] {
				finish(a.batch, fmt.Errorf("contract: %s: %w", a.req.Item, spent()))
			}
		}
		if err != nil {
			if ctx.Err() != nil {
				return fmt.Errorf("callgraph: schedule stopped: %w", ctx.Err())
			}
			return fmt.Errorf("contract: %w", err)
		}
	}
	if len(failures) == 0 {
		return nil
	}
	slices.SortStableFunc(failures, func(a, b *callgraph.ComponentError) int {
		return cmp.Or(a.Layer-b.Layer, order[a.Component]-order[b.Component])
	})
	return &callgraph.ScheduleError{Errors: failures}
}
