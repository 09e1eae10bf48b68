package llm_test

import (
	"context"
	"strings"
	"testing"

	"github.com/suretydev/surety/llm"
	"github.com/suretydev/surety/llm/llmtest"
)

// TestWorkerModel: a job names a model OpenModel opened, not another; a
// worker gives the model it opened only to jobs that name it.
func TestWorkerModel(t *testing.T) {
	_, m, err := llm.OpenModel(context.Background(), &llm.ModelConfig{Name: "m1", BaseURL: "http://127.0.0.1:1/v1"})
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	if name, err := llm.JobModelName(m); name != "m1" || err != nil {
		t.Errorf("JobModelName(opened) = %q, %v; want m1", name, err)
	}
	if _, err := llm.JobModelName(llm.NewEstimator(&llm.EstimateOptions{Model: "m1"})); err == nil {
		t.Errorf("JobModelName(an estimator) gave a name")
	}
	if _, err := llm.WorkerModel(context.Background(), "m1"); err == nil || !strings.Contains(err.Error(), "SetWorkerModel") {
		t.Errorf("WorkerModel with none set = %v", err)
	}
	opened := 0
	llm.SetWorkerModel(func(context.Context) (llm.Model, error) { opened++; return m, nil })
	defer llm.SetWorkerModel(nil)
	if _, err := llm.WorkerModel(context.Background(), "m2"); err == nil || !strings.Contains(err.Error(), `"m2"`) {
		t.Errorf("WorkerModel(m2) of a worker of m1 = %v", err)
	}
	if got, err := llm.WorkerModel(context.Background(), "m1"); got != llm.Model(m) || err != nil || opened != 1 {
		t.Errorf("WorkerModel(m1) = %v, %v after %d opens; want the model opened once", got, err, opened)
	}
}

// A worker that opens its model from its environment gives it to the jobs
// that name the model the environment names, and says why when the
// environment names none.
func TestSetWorkerModelFromEnv(t *testing.T) {
	srv := llmtest.New(t, llmtest.Steps("hello"))
	env := map[string]string{"SURETY_MODEL": "m", "OPENAI_BASE_URL": srv.BaseURL()}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	llm.SetWorkerModelFromEnv(ctx, func(k string) string { return env[k] }, nil, nil)
	defer llm.SetWorkerModel(nil)
	m, err := llm.WorkerModel(ctx, "m")
	if err != nil {
		t.Fatal(err)
	}
	resp, err := m.Complete(ctx, &llm.Request{Stage: "t", Messages: []llm.Message{{Role: "user", Content: "hi"}}})
	if err != nil || resp.Text != "hello" {
		t.Errorf("the worker's model answered %+v, %v; want the server's hello", resp, err)
	}

	llm.SetWorkerModelFromEnv(ctx, func(string) string { return "" }, nil, nil)
	if m, err := llm.WorkerModel(ctx, "m"); m != nil || err == nil {
		t.Errorf("WorkerModel with no model in the environment = %v, %v; want an error", m, err)
	}
}
