package llm

import (
	"context"
	"fmt"
)

// MeterOptions configure Metered. The zero value is valid (no budget); nil
// means the zero value.
type MeterOptions struct {
	// Budget is the tokens (prompt + completion, of replies from the model;
	// cached replies are free) that may be spent; once they are, new
	// requests fail with ErrBudget. Requests already under way finish, so
	// the total may exceed the budget by what they use. 0 means no limit.
	Budget int
	// Source names who answers, for the Report (Report.Source), such as a
	// CacheSource's label; "" names no one.
	Source string
}

// A Meter is a Model that counts the requests and tokens going through it
// per stage and item (Request.Stage and Request.Item) and enforces a token
// budget. It is safe for concurrent use.
//
// Put it outside a Cache to see hits and savings:
//
//	m := llm.Metered(llm.Cached(llm.OpenAI(o), dir, llm.CacheReadWrite), &llm.MeterOptions{Budget: 2e6})
type Meter struct {
	m      Model
	budget int
	source string
	led    ledger

	spent int // guarded by led.mu
}

// Metered returns a Meter over m.
func Metered(m Model, opts *MeterOptions) *Meter {
	mt := &Meter{m: m}
	if opts != nil {
		mt.budget = opts.Budget
		mt.source = opts.Source
	}
	return mt
}

// Name returns the name of the underlying model.
func (mt *Meter) Name() string { return NameOf(mt.m) }

// Complete refuses req with ErrBudget if the budget is spent (unless its
// Model is a Lookuper that has the reply), else passes it on and counts the
// outcome.
func (mt *Meter) Complete(ctx context.Context, req *Request) (*Response, error) {
	if req == nil {
		return mt.m.Complete(ctx, req)
	}
	mt.led.mu.Lock()
	spent := mt.spent
	mt.led.mu.Unlock()
	if mt.budget > 0 && spent >= mt.budget {
		if l, ok := mt.m.(Lookuper); ok {
			if resp, err := l.Lookup(req); err != nil || resp != nil {
				mt.count(req, resp, err)
				return resp, err
			}
		}
		mt.led.add(req.Stage, req.Item, func(t *Tally) { t.Failed++; t.Refused++ })
		return nil, fmt.Errorf("%w: %d of %d tokens used (%s)", ErrBudget, spent, mt.budget, label(req))
	}
	resp, err := mt.m.Complete(ctx, req)
	mt.count(req, resp, err)
	return resp, err
}

// count records the outcome of req.
func (mt *Meter) count(req *Request, resp *Response, err error) {
	mt.led.add(req.Stage, req.Item, func(t *Tally) {
		switch {
		case req.Attempt == 1:
			t.Structured++
		case req.Attempt >= 2:
			t.Repairs++
			if req.Attempt == 2 {
				t.NeededRepair++
			}
		}
		if err == nil {
			switch resp.Format {
			case FormatJSONSchema, FormatJSONObjectSchema:
				t.SchemaFormat++
			case FormatJSONObject:
				t.ObjectFormat++
			case "":
				if resp.Cached && req.JSON {
					t.UnknownFormat++
				}
			}
		}
		switch {
		case err != nil:
			t.Failed++
		case resp.Cached:
			t.Cached++
			t.CachedTokens += resp.Usage.Total()
		default:
			u := resp.Usage
			if u.Total() == 0 {
				u = Usage{PromptTokens: EstimatePrompt(req), CompletionTokens: EstimateTokens(resp.Text)}
				t.Estimated++
			}
			t.Requests++
			t.PromptTokens += u.PromptTokens
			t.CompletionTokens += u.CompletionTokens
			mt.spent += u.Total() // led.mu is held by add
		}
	})
}

// Spent returns the tokens spent so far (replies from the model only).
func (mt *Meter) Spent() int {
	mt.led.mu.Lock()
	defer mt.led.mu.Unlock()
	return mt.spent
}

// Report returns the figures so far.
func (mt *Meter) Report() Report {
	r := mt.led.report()
	r.Budget = mt.budget
	r.Source = mt.source
	return r
}

// EstimateOptions configure NewEstimator. The zero value is valid; nil
// means the zero value.
type EstimateOptions struct {
	// Model is the name the Estimator gives (see Namer), so that a Cache
	// over it finds the entries of the model it stands for.
	Model string
	// CompletionTokens is the reply length assumed for a request whose
	// MaxTokens is 0; 0 means 500.
	CompletionTokens int
}

// An Estimator is a Model for dry runs: it sends nothing, counts each
// request as one the run would send, estimates its tokens, and fails it
// with ErrEstimate. It is safe for concurrent use.
//
// Prompt tokens are EstimatePrompt's (4 bytes a token plus 4 a message);
// completion tokens are the request's MaxTokens, or
// EstimateOptions.CompletionTokens when it has none, which makes the
// completion figure an upper bound where MaxTokens is set.
//
// What a dry run can count: a stage that gets ErrEstimate records the item
// as planned and skips whatever needs the reply. So the estimate covers
// every first request of every item, but not repairs of invalid replies,
// nor requests whose prompt would contain an earlier reply (a callee's
// contract built from its callers' expectations): those are counted with
// the prompt they have without it, or not at all if the stage cannot form
// them. It is a floor on requests, and on prompt tokens where prompts grow
// with earlier replies. Over a Cache in record mode it counts only what is
// not cached yet: the cost of resuming a run.
type Estimator struct {
	opts EstimateOptions
	led  ledger
}

// NewEstimator returns an Estimator.
func NewEstimator(opts *EstimateOptions) *Estimator {
	e := &Estimator{}
	if opts != nil {
		e.opts = *opts
	}
	if e.opts.CompletionTokens <= 0 {
		e.opts.CompletionTokens = 500
	}
	return e
}

// Name returns EstimateOptions.Model.
func (e *Estimator) Name() string { return e.opts.Model }

// Complete counts req and returns ErrEstimate.
func (e *Estimator) Complete(ctx context.Context, req *Request) (*Response, error) {
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("llm: %w", err)
	}
	if req == nil {
		return nil, fmt.Errorf("llm: nil Request")
	}
	completion := req.MaxTokens
	if completion <= 0 {
		completion = e.opts.CompletionTokens
	}
	e.led.add(req.Stage, req.Item, func(t *Tally) {
		t.Requests++
		t.PromptTokens += EstimatePrompt(req)
		t.CompletionTokens += completion
	})
	return nil, fmt.Errorf("%w (%s)", ErrEstimate, label(req))
}

// Report returns the estimate so far, with Estimate set.
func (e *Estimator) Report() Report {
	r := e.led.report()
	r.Estimate = true
	return r
}
