package llm_test

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"sync"
	"testing"

	"github.com/suretydev/surety/llm"
	"github.com/suretydev/surety/llm/llmtest"
)

func labelled(stage, item, text string) *llm.Request {
	return &llm.Request{Messages: []llm.Message{llm.User(text)}, Stage: stage, Item: item}
}

func TestMeterPerStageAndItem(t *testing.T) {
	srv := llmtest.New(t, &llmtest.Script{Steps: []llmtest.Step{
		{Match: "fail", Status: 400},
		{Reply: "ok", PromptTokens: 10, CompletionTokens: 2, Repeat: -1},
	}})
	m := llm.Metered(srv.Model(nil), nil)
	ctx := context.Background()
	for _, r := range []*llm.Request{
		labelled("hoare", "f", "a"),
		labelled("contract", "g", "b"),
		labelled("contract", "f", "c"),
		labelled("contract", "f", "d"),
		labelled("contract", "f", "fail"),
	} {
		m.Complete(ctx, r)
	}
	got, err := json.Marshal(m.Report())
	if err != nil {
		t.Fatal(err)
	}
	tally := func(req, failed, pt, ct int) string {
		b, _ := json.Marshal(llm.Tally{Requests: req, Failed: failed, PromptTokens: pt, CompletionTokens: ct})
		return strings.Trim(string(b), "{}")
	}
	want := `{"total":{` + tally(4, 1, 40, 8) + `},"stages":[` +
		`{"stage":"contract",` + tally(3, 1, 30, 6) + `,"items":[` +
		`{"item":"f",` + tally(2, 1, 20, 4) + `},{"item":"g",` + tally(1, 0, 10, 2) + `}]},` +
		`{"stage":"hoare",` + tally(1, 0, 10, 2) + `,"items":[{"item":"f",` + tally(1, 0, 10, 2) + `}]}]}`
	if string(got) != want {
		t.Errorf("report\n got %s\nwant %s", got, want)
	}
	if m.Spent() != 48 {
		t.Errorf("Spent = %d, want 48", m.Spent())
	}
	var sb strings.Builder
	rep := m.Report()
	if err := rep.WriteTable(&sb); err != nil || !strings.Contains(sb.String(), "contract") || !strings.Contains(sb.String(), "total") {
		t.Errorf("table:\n%s", sb.String())
	}
}

func TestMeterBudget(t *testing.T) {
	srv := llmtest.New(t, &llmtest.Script{Steps: []llmtest.Step{{Reply: "ok", PromptTokens: 30, CompletionTokens: 30, Repeat: -1}}})
	m := llm.Metered(srv.Model(nil), &llm.MeterOptions{Budget: 100})
	ctx := context.Background()
	for i := range 2 {
		if _, err := m.Complete(ctx, labelled("s", "x", "q")); err != nil {
			t.Fatalf("request %d: %v", i+1, err)
		}
	}
	_, err := m.Complete(ctx, labelled("s", "y", "q"))
	if !errors.Is(err, llm.ErrBudget) || !strings.Contains(err.Error(), "120 of 100") {
		t.Fatalf("err = %v, want ErrBudget", err)
	}
	if n := len(srv.Requests()); n != 2 {
		t.Errorf("%d requests reached the server, want 2", n)
	}
	// Structured requests stop the same way, without a ReplyError.
	_, err = llm.Ask[map[string]any](ctx, m, labelled("s", "z", "q"), nil, nil)
	var re *llm.ReplyError
	if !errors.Is(err, llm.ErrBudget) || errors.As(err, &re) {
		t.Errorf("Ask err = %v", err)
	}
	rep := m.Report()
	if rep.Budget != 100 || rep.Total.Refused != 2 || rep.Total.Failed != 2 || rep.Total.Tokens() != 120 {
		t.Errorf("report total %+v budget %d", rep.Total, rep.Budget)
	}
}

func TestMeterCountsCacheHitsAsFree(t *testing.T) {
	srv := llmtest.New(t, &llmtest.Script{Steps: []llmtest.Step{{Reply: "ok", PromptTokens: 7, CompletionTokens: 1}}})
	m := llm.Metered(llm.Cached(srv.Model(nil), t.TempDir(), llm.CacheReadWrite), &llm.MeterOptions{Budget: 8})
	for range 3 {
		if _, err := m.Complete(context.Background(), labelled("s", "x", "q")); err != nil {
			t.Fatal(err) // the budget is spent after the first, but hits are free
		}
	}
	tot := m.Report().Total
	if tot.Requests != 1 || tot.Cached != 2 || tot.CachedTokens != 16 || tot.Tokens() != 8 {
		t.Errorf("total %+v", tot)
	}
	if llm.NameOf(m) != "scripted" {
		t.Errorf("NameOf(meter) = %q", llm.NameOf(m))
	}
}

func TestMeterEstimatesMissingUsage(t *testing.T) {
	body := `{"model":"x","choices":[{"index":0,"message":{"role":"assistant","content":"12345678"},"finish_reason":"stop"}]}`
	srv := llmtest.New(t, &llmtest.Script{Steps: []llmtest.Step{{Raw: true, Reply: body}}})
	m := llm.Metered(srv.Model(nil), nil)
	r := labelled("s", "x", "0123456789abcdef")
	if _, err := m.Complete(context.Background(), r); err != nil {
		t.Fatal(err)
	}
	tot := m.Report().Total
	if tot.Estimated != 1 || tot.PromptTokens != llm.EstimatePrompt(r) || tot.CompletionTokens != 2 {
		t.Errorf("total %+v", tot)
	}
}

func TestMeterConcurrent(t *testing.T) {
	srv := llmtest.New(t, &llmtest.Script{Steps: []llmtest.Step{{Reply: "ok", PromptTokens: 3, CompletionTokens: 1, Repeat: -1}}})
	m := llm.Metered(srv.Model(nil), nil)
	var wg sync.WaitGroup
	for i := range 50 {
		wg.Go(func() {
			m.Complete(context.Background(), labelled([]string{"a", "b"}[i%2], string(rune('a'+i%5)), "q"))
		})
	}
	wg.Wait()
	rep := m.Report()
	if rep.Total.Requests != 50 || rep.Total.Tokens() != 200 || len(rep.Stages) != 2 || rep.Stages[0].Requests != 25 {
		t.Errorf("report %+v", rep)
	}
}

func TestEstimator(t *testing.T) {
	e := llm.NewEstimator(&llm.EstimateOptions{Model: "m", CompletionTokens: 100})
	ctx := context.Background()
	r1 := labelled("contract", "f", strings.Repeat("x", 400))
	r2 := labelled("contract", "g", "short")
	r2.MaxTokens = 30
	for _, r := range []*llm.Request{r1, r2} {
		if _, err := e.Complete(ctx, r); !errors.Is(err, llm.ErrEstimate) {
			t.Fatalf("err = %v, want ErrEstimate", err)
		}
	}
	// A structured request stops at once with ErrEstimate: no repairs.
	if _, err := llm.Ask[map[string]any](ctx, e, labelled("hoare", "f", "q"), contractSchema, nil); !errors.Is(err, llm.ErrEstimate) {
		t.Fatalf("Ask err = %v", err)
	}
	rep := e.Report()
	if !rep.Estimate || rep.Total.Requests != 3 {
		t.Fatalf("report %+v", rep)
	}
	c := rep.Stages[0]
	if c.Stage != "contract" || c.PromptTokens != 104+6 || c.CompletionTokens != 130 {
		t.Errorf("contract stage %+v", c)
	}
	if llm.EstimateTokens("abcde") != 2 || llm.EstimateTokens("") != 0 {
		t.Error("EstimateTokens is not ceil(bytes/4)")
	}
}

func TestEstimatorOverCacheCountsOnlyMisses(t *testing.T) {
	dir := t.TempDir()
	srv := llmtest.New(t, llmtest.Steps("done"))
	ctx := context.Background()
	if _, err := llm.Cached(srv.Model(&llm.OpenAIOptions{Model: "m"}), dir, llm.CacheReadWrite).Complete(ctx, labelled("s", "done", "finished item")); err != nil {
		t.Fatal(err)
	}
	e := llm.NewEstimator(&llm.EstimateOptions{Model: "m"})
	c := llm.Cached(e, dir, llm.CacheReadWrite)
	if resp, err := c.Complete(ctx, labelled("s", "done", "finished item")); err != nil || !resp.Cached {
		t.Fatalf("cached item: %+v %v", resp, err)
	}
	if _, err := c.Complete(ctx, labelled("s", "todo", "new item")); !errors.Is(err, llm.ErrEstimate) {
		t.Fatalf("new item: %v", err)
	}
	if tot := e.Report().Total; tot.Requests != 1 {
		t.Errorf("estimate counts %d requests, want only the uncached one", tot.Requests)
	}
}
