package llm_test

import (
	"context"
	"strings"
	"testing"

	"github.com/suretydev/surety/llm"
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
