package fmagent_test

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/suretydev/surety/fmagent"
	"github.com/suretydev/surety/llm"
	"github.com/suretydev/surety/llm/llmtest"
	"github.com/suretydev/surety/smt"
	"github.com/suretydev/surety/work"
)

// reasonFromKeyword writes the contracts of the from_keyword example with
// a scripted model and returns a run of Reason on them with a model, a
// runner and a pool of workers: the reports as JSON.
func reasonFromKeyword(t *testing.T) func(m llm.Model, runner work.Runner, workers int) string {
	contracts := filepath.Join(t.TempDir(), "contracts")
	paths := []string{"../examples/fromkeyword/src"}
	if _, err := fmagent.Contracts(context.Background(), paths, &fmagent.ContractsOptions{
		Model: llmtest.NewFile(t, "testdata/review.txtar").Model(nil), Out: contracts}); err != nil {
		t.Fatal(err)
	}
	return func(m llm.Model, runner work.Runner, workers int) string {
		t.Helper()
		res, err := fmagent.Reason(context.Background(), paths, &fmagent.ReasonOptions{Model: m,
			Contracts: contracts, Out: filepath.Join(t.TempDir(), "reason.json"), Runner: runner, Workers: workers})
		if err != nil {
			t.Fatal(err)
		}
		b, err := json.MarshalIndent(res.Reports, "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
}

// TestReasonRunner: Reason with its Hoare pass handed out as jobs
// (work.Local running the handler of fmagent.ReasonKind, with the model
// the worker opened itself) writes the reports of a run without a Runner.
func TestReasonRunner(t *testing.T) {
	reason := reasonFromKeyword(t)
	// Each run has a server of its own: a scripted step answers once.
	local := reason(llmtest.NewFile(t, "testdata/review.txtar").Open(t, 0), nil, 0)
	srv := llmtest.NewFile(t, "testdata/review.txtar")
	opened := 0
	llm.SetWorkerModel(func(context.Context) (llm.Model, error) { opened++; return srv.Open(t, 0), nil })
	t.Cleanup(func() { llm.SetWorkerModel(nil) })
	jobs := reason(srv.Open(t, 0), &work.Local{Workers: 2}, 0)
	if jobs != local {
		t.Errorf("as jobs:\n%s\nin the pool:\n%s", jobs, local)
	}
	if !strings.Contains(local, `"MISMATCH"`) {
		t.Errorf("no MISMATCH among the reports:\n%s", local)
	}
	if opened != 1 {
		t.Errorf("the worker opened its model %d times, want once", opened)
	}
}

// TestReasonRunnerBudget: with a token budget that the first request
// spends, Reason as jobs writes the reports of a run in this process: the
// first job carries what was left, so the worker's meter refuses its
// later requests, and the functions left once the budget is spent are
// reasoned about in this process, where the model refuses them.
func TestReasonRunnerBudget(t *testing.T) {
	reason := reasonFromKeyword(t)
	srv := llmtest.NewFile(t, "testdata/review.txtar")
	llm.SetWorkerModel(func(context.Context) (llm.Model, error) { return srv.Open(t, 0), nil })
	t.Cleanup(func() { llm.SetWorkerModel(nil) })
	local := reason(llmtest.NewFile(t, "testdata/review.txtar").Open(t, 1), nil, 1)
	jobs := reason(llmtest.New(t, &llmtest.Script{}).Open(t, 1), &work.Local{Workers: 1}, 1)
	if !strings.Contains(local, "token budget spent") {
		t.Fatalf("no refusal in the reports of a run with a budget of 1 token:\n%s", local)
	}
	if jobs != local {
		t.Errorf("as jobs:\n%s\nin this process:\n%s", jobs, local)
	}
}

// fakeSolver is a solver that is not the one registered under its name.
type fakeSolver struct{}

func (fakeSolver) Name() string { return "z3" }
func (fakeSolver) Check(context.Context, *smt.Query) (*smt.Result, error) {
	return &smt.Result{Status: smt.Unknown}, nil
}

// TestReasonRunnerRefuses: options that cannot travel with a job (a
// Stepper, a Model not opened from a configuration, a Solver that is not
// the registered one) are refused, each by name, before any work.
func TestReasonRunnerRefuses(t *testing.T) {
	g, recs := eightFuncs(t)
	srv := llmtest.New(t, &llmtest.Script{})
	_, err := fmagent.ReasonAll(context.Background(), g, recs, &fmagent.ReasonOptions{Model: srv.Model(nil),
		Stepper: &counting{}, Solver: fakeSolver{}, Runner: &work.Local{}})
	if err == nil {
		t.Fatal("ReasonAll sent a Stepper, a model of no configuration and a solver of its own to workers")
	}
	for _, name := range []string{"Stepper", "Model", "Solver"} {
		if !strings.Contains(err.Error(), name) {
			t.Errorf("the error does not name %s: %v", name, err)
		}
	}
	if n := len(srv.Requests()); n != 0 {
		t.Errorf("%d requests were sent", n)
	}
}
