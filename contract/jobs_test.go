package contract_test

import (
	"context"
	"encoding/json"
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
	open := func(srv *llmtest.Server) llm.Model {
		_, m, err := llm.OpenModel(context.Background(), &llm.ModelConfig{Name: "llmtest", BaseURL: srv.BaseURL(), APIKey: "test"})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { m.Close() })
		return m
	}
	generate := func(runner work.Runner) string {
		t.Helper()
		srv := llmtest.New(t, script(t, "")) // a step answers once: a server per run
		m := open(srv)
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
