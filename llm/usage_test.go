package llm_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/suretydev/surety/llm"
	"github.com/suretydev/surety/llm/llmtest"
)

// TestAddUsage: the reports of meters of their own (a job's each), added
// to a meter, give the report of the same requests through that meter,
// and their tokens count against its budget.
func TestAddUsage(t *testing.T) {
	steps := []llmtest.Step{{Match: "fail", Status: 400}, {Reply: "ok", PromptTokens: 10, CompletionTokens: 2, Repeat: -1}}
	reqs := []*llm.Request{labelled("hoare", "f", "a"), labelled("contract", "g", "b"), labelled("contract", "f", "fail")}
	ctx := context.Background()
	local := llm.Metered(llmtest.New(t, &llmtest.Script{Steps: steps}).Model(nil), nil)
	for _, r := range reqs {
		local.Complete(ctx, r)
	}
	srv := llmtest.New(t, &llmtest.Script{Steps: steps})
	sum := llm.Metered(nil, &llm.MeterOptions{Budget: 20})
	for _, r := range reqs {
		job := llm.Metered(srv.Model(nil), nil)
		job.Complete(ctx, r)
		rep := job.Report()
		if !llm.AddUsage(sum, &rep) {
			t.Fatal("AddUsage did not count a Meter's figures")
		}
	}
	want, _ := json.Marshal(local.Report())
	got, _ := json.Marshal(sum.Report())
	if string(got) != `{"budget":20,`+string(want)[1:] {
		t.Errorf("added:\n%s\nthrough the meter:\n%s", got, want)
	}
	if sum.Spent() != 24 {
		t.Errorf("Spent = %d, want 24", sum.Spent())
	}
	if _, err := sum.Complete(ctx, labelled("hoare", "g", "c")); err == nil {
		t.Errorf("a request past the budget the added use spent was sent")
	}
	if llm.AddUsage(srv.Model(nil), &llm.Report{}) {
		t.Errorf("AddUsage counted into a model with no meter")
	}
}
