package hoare_test

import (
	"context"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/suretydev/surety/contract"
	"github.com/suretydev/surety/hoare"
	"github.com/suretydev/surety/llm/llmtest"
)

// recorder is a Stepper of its own that answers every step without a
// model and records the steps it was asked, in order.
type recorder struct {
	mu    sync.Mutex
	steps []string
	holds bool
}

func (r *recorder) log(s string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.steps = append(r.steps, s)
}

func (r *recorder) Block(_ context.Context, s *hoare.BlockStep) (*hoare.Proposal, error) {
	r.log("block " + strings.TrimSpace(s.Stmts[0].Span.Text(s.In.Source)))
	return &hoare.Proposal{Text: "after line " + strconv.Itoa(s.Span().EndLine), Cost: hoare.Cost{Requests: 1}}, nil
}

func (r *recorder) LoopPost(_ context.Context, s *hoare.LoopStep) (*hoare.Proposal, error) {
	r.log("loop-post")
	return &hoare.Proposal{Text: "s is the sum"}, nil
}

func (r *recorder) Invariant(_ context.Context, s *hoare.LoopStep) (*hoare.Proposal, error) {
	r.log("invariant for " + s.Post)
	return &hoare.Proposal{Text: "s is the sum so far"}, nil
}

func (r *recorder) Maintained(_ context.Context, s *hoare.LoopStep) (*hoare.Judgement, error) {
	r.log("maintained " + s.Invariant)
	return &hoare.Judgement{Check: hoare.Check{Holds: true, DecidedBy: "recorder"}}, nil
}

func (r *recorder) Implies(_ context.Context, s *hoare.Implication) (*hoare.Judgement, error) {
	r.log("implies " + s.What)
	// What, Premise and Goal are the pass's, whatever a Stepper says.
	return &hoare.Judgement{Check: hoare.Check{What: "wrong", Holds: r.holds, DecidedBy: "recorder"},
		Counterexample: "n = -1", Cost: hoare.Cost{Requests: 2}}, nil
}

// TestStepperReplacesEveryStep: with a Stepper, Reason asks no model; it
// walks the body and asks the Stepper each step in source order, records
// the checks under its own names, and counts the Stepper's cost.
func TestStepperReplacesEveryStep(t *testing.T) {
	fn, src := goFunc(t, sumSrc, "sum")
	rec := &recorder{holds: true}
	in := &hoare.Input{Func: fn, Source: src, Contract: contract.Contract{
		Requires: []contract.Condition{cond("n >= 0")},
		Ensures:  []contract.Condition{cond("the result is the sum of the integers from 0 to n-1")},
	}}
	r, err := hoare.Reason(context.Background(), in, &hoare.Options{Stepper: rec})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"block s := 0",
		"loop-post",
		"invariant for s is the sum",
		"implies invariant: implied by the loop's pre-condition",
		"maintained s is the sum so far",
		"implies invariant: with the negated loop condition implies the post-condition",
		"block s += i",
		"block return s",
		"implies exit at line 10: return s",
	}
	if strings.Join(rec.steps, "\n") != strings.Join(want, "\n") {
		t.Errorf("steps:\n%s\nwant:\n%s", strings.Join(rec.steps, "\n"), strings.Join(want, "\n"))
	}
	if r.Verdict != hoare.Match || !r.Loops[0].Found || r.Loops[0].Post != "s is the sum" {
		t.Errorf("verdict %s (%s), loops %+v", r.Verdict, r.Reason, r.Loops)
	}
	// 3 blocks cost 1 request each, 3 implications 2 each.
	if r.Requests != 9 {
		t.Errorf("requests %d, want 9", r.Requests)
	}
	if c := r.Checks[0]; c.What != "exit at line 10: return s" || c.Goal != "the result is the sum of the integers from 0 to n-1" || c.DecidedBy != "recorder" {
		t.Errorf("exit check %+v", c)
	}
	if m := r.Loops[0].Attempts[0].Invariants[0].Maintained; m.What != "invariant: maintained by one iteration" || m.Goal != "s is the sum so far" {
		t.Errorf("maintained check %+v", m)
	}
}

// TestStepperFailingExitIsABug: a Stepper's failed exit check is a
// potential bug with the Stepper's counterexample.
func TestStepperFailingExitIsABug(t *testing.T) {
	fn, src := goFunc(t, incSrc, "inc")
	in := &hoare.Input{Func: fn, Source: src, Contract: contract.Contract{Ensures: []contract.Condition{cond("result > x")}}}
	r, err := hoare.Reason(context.Background(), in, &hoare.Options{Stepper: &recorder{holds: false}})
	if err != nil {
		t.Fatal(err)
	}
	if r.Verdict != hoare.Mismatch || len(r.Bugs) != 1 || r.Bugs[0].Counterexample != "n = -1" || r.Bugs[0].DecidedBy != "recorder" {
		t.Errorf("verdict %s, bugs %+v", r.Verdict, r.Bugs)
	}
}

// blockOnly replaces the block step and keeps the model's other steps.
type blockOnly struct {
	*hoare.ModelStepper
	blocks int
}

func (b *blockOnly) Block(_ context.Context, s *hoare.BlockStep) (*hoare.Proposal, error) {
	b.blocks++
	return &hoare.Proposal{Text: "x > 5 and the function returns x + 1"}, nil
}

// TestEmbeddedModelStepperReplacesOneStep: embedding *ModelStepper and
// defining Block replaces only the block step; the model is asked the
// rest.
func TestEmbeddedModelStepperReplacesOneStep(t *testing.T) {
	fn, src := goFunc(t, incSrc, "inc")
	srv := llmtest.New(t, &llmtest.Script{Steps: []llmtest.Step{
		{Match: "task: implies", Reply: `{"holds": true, "explanation": "x + 1 > 5"}`},
	}})
	st := &blockOnly{ModelStepper: &hoare.ModelStepper{Model: srv.Model(nil)}}
	in := &hoare.Input{Func: fn, Source: src, Contract: contract.Contract{
		Requires: []contract.Condition{cond("x > 5")}, Ensures: []contract.Condition{cond("the result is greater than 5")}}}
	r, err := hoare.Reason(context.Background(), in, &hoare.Options{Stepper: st})
	if err != nil {
		t.Fatal(err)
	}
	if r.Verdict != hoare.Match || st.blocks != 1 || len(srv.Requests()) != 1 || r.Requests != 1 {
		t.Errorf("verdict %s (%s), %d blocks, %d requests served, %d counted", r.Verdict, r.Reason, st.blocks, len(srv.Requests()), r.Requests)
	}
	if got := r.Steps[0].Post; got != "x > 5 and the function returns x + 1" {
		t.Errorf("block post %q", got)
	}
}

type silent struct{ recorder }

func (*silent) Block(context.Context, *hoare.BlockStep) (*hoare.Proposal, error) { return nil, nil }

// TestStepperProposingNothingIsError: a Stepper that returns neither a
// proposal nor an error ends the pass with ERROR, not a panic.
func TestStepperProposingNothingIsError(t *testing.T) {
	fn, src := goFunc(t, incSrc, "inc")
	in := &hoare.Input{Func: fn, Source: src, Contract: contract.Contract{Ensures: []contract.Condition{cond("result > x")}}}
	r, err := hoare.Reason(context.Background(), in, &hoare.Options{Stepper: &silent{}})
	if err != nil {
		t.Fatal(err)
	}
	if r.Verdict != hoare.Error || !strings.Contains(r.Reason, "proposed nothing") {
		t.Errorf("verdict %s reason %q", r.Verdict, r.Reason)
	}
}

func TestReasonNeedsModelOrStepper(t *testing.T) {
	fn, src := goFunc(t, incSrc, "inc")
	if _, err := hoare.Reason(context.Background(), &hoare.Input{Func: fn, Source: src}, &hoare.Options{}); err == nil || !strings.Contains(err.Error(), "Model or a Stepper") {
		t.Errorf("err %v", err)
	}
}
