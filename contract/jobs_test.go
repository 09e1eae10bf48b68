package contract_test

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/suretydev/surety/contract"
	"github.com/suretydev/surety/llm"
	"github.com/suretydev/surety/llm/llmtest"
	"github.com/suretydev/surety/work"
)

// TestGenerateRunner: with each batch of a layer a job (work.Local running
// the handler of contract.BatchKind, with the model the worker opened
// itself), Generate writes the records of a run without a Runner; a model
// that no configuration opened is refused, by name.
func TestGenerateRunner(t *testing.T) {
	g := fromKeyword(t)
	generate := func(runner work.Runner) string {
		t.Helper()
		srv := llmtest.New(t, script(t, "")) // a step answers once: a server per run
		m := srv.Open(t, 0)
		llm.SetWorkerModel(func(context.Context) (llm.Model, error) { return m, nil })
		t.Cleanup(func() { llm.SetWorkerModel(nil) })
		res, err := contract.Generate(context.Background(), g, &contract.Options{Model: m, Store: &contract.Store{Dir: t.TempDir()},
			Workers: 2, Runner: runner})
		if err != nil {
			t.Fatal(err)
		}
		if res.Asked != 6 || len(res.Errors) > 0 {
			t.Fatalf("asked %d, errors %v", res.Asked, res.Errors)
		}
		b, err := json.MarshalIndent(res, "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	local, jobs := generate(nil), generate(&work.Local{Workers: 2})
	if jobs != local {
		t.Errorf("as jobs:\n%s\nin this process:\n%s", jobs, local)
	}
	srv := llmtest.New(t, &llmtest.Script{})
	_, err := contract.Generate(context.Background(), g, &contract.Options{Model: srv.Model(nil), Runner: &work.Local{}})
	if err == nil || !strings.Contains(err.Error(), "Model") {
		t.Errorf("a model of no configuration sent to workers: %v", err)
	}
	if n := len(srv.Requests()); n != 0 {
		t.Errorf("%d requests were sent", n)
	}
}

// TestGenerateRunnerFailedBatchTokenUse: a batch whose replies never fit
// the schema fails, as a job as in this process, and the tokens of those
// replies are counted in the coordinator's model all the same (they come
// back with the job's error).
func TestGenerateRunnerFailedBatchTokenUse(t *testing.T) {
	g := fromKeyword(t)
	garbage := &llmtest.Script{Steps: []llmtest.Step{{Name: "not json", Reply: "no JSON here", Repeat: -1, PromptTokens: 100, CompletionTokens: 7}}}
	generate := func(m *llm.MeteredModel, runner work.Runner) (errs int, total int) {
		t.Helper()
		res, err := contract.Generate(context.Background(), g, &contract.Options{Model: m, Store: &contract.Store{Dir: t.TempDir()},
			Workers: 2, Runner: runner})
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range m.Report().Stages {
			total += s.PromptTokens + s.CompletionTokens
		}
		return len(res.Errors), total
	}
	localErrs, local := generate(llmtest.New(t, garbage).Open(t, 0), nil)
	worker := llmtest.New(t, garbage).Open(t, 0)
	llm.SetWorkerModel(func(context.Context) (llm.Model, error) { return worker, nil })
	t.Cleanup(func() { llm.SetWorkerModel(nil) })
	coordinator := llmtest.New(t, &llmtest.Script{}).Open(t, 0) // asked nothing itself
	jobErrs, jobs := generate(coordinator, &work.Local{Workers: 2})
	if localErrs == 0 || jobErrs != localErrs {
		t.Errorf("%d failures as jobs, %d in this process, want the same and some", jobErrs, localErrs)
	}
	if local == 0 || jobs != local {
		t.Errorf("tokens counted: %d as jobs, %d in this process", jobs, local)
	}
}

// TestGenerateRunnerBudget: a budget stops the batches handed out as
// jobs where it stops those asked in this process: once the replies
// counted reach it, the batches not yet taken are refused (failed with
// llm.ErrBudget) and the others are answered, the same ones.
func TestGenerateRunnerBudget(t *testing.T) {
	g := fromKeyword(t)
	generate := func(m *llm.MeteredModel, runner work.Runner) (answered []string, refused int) {
		t.Helper()
		res, err := contract.Generate(context.Background(), g, &contract.Options{Model: m, Store: &contract.Store{Dir: t.TempDir()},
			Workers: 1, Runner: runner})
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range res.Records {
			answered = append(answered, r.Name)
		}
		for _, e := range res.Errors {
			if !strings.Contains(e, "token budget spent") {
				t.Errorf("a failure other than the budget: %s", e)
			}
			refused++
		}
		return answered, refused
	}
	localAnswered, localRefused := generate(llmtest.New(t, script(t, "")).Open(t, 1), nil)
	worker := llmtest.New(t, script(t, "")).Open(t, 0)
	llm.SetWorkerModel(func(context.Context) (llm.Model, error) { return worker, nil })
	t.Cleanup(func() { llm.SetWorkerModel(nil) })
	coordinator := llmtest.New(t, &llmtest.Script{}).Open(t, 1)
	jobsAnswered, jobsRefused := generate(coordinator, &work.Local{Workers: 1})
	if localRefused == 0 || len(localAnswered) == 0 {
		t.Fatalf("in this process: %v answered, %d refused; want some of each", localAnswered, localRefused)
	}
	if jobsRefused != localRefused || !slices.Equal(jobsAnswered, localAnswered) {
		t.Errorf("as jobs %v answered, %d refused; in this process %v, %d", jobsAnswered, jobsRefused, localAnswered, localRefused)
	}
}
