package llm_test

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/suretydev/surety/llm"
	"github.com/suretydev/surety/llm/llmtest"
)

// sleeps records the waits a client asked for, without waiting.
type sleeps struct {
	mu sync.Mutex
	d  []time.Duration
}

func (s *sleeps) sleep(ctx context.Context, d time.Duration) error {
	s.mu.Lock()
	s.d = append(s.d, d)
	s.mu.Unlock()
	return ctx.Err()
}

func (s *sleeps) all() []time.Duration {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]time.Duration(nil), s.d...)
}

func ask(t *testing.T, m llm.Model, text string) (*llm.Response, error) {
	t.Helper()
	return m.Complete(context.Background(), &llm.Request{Messages: []llm.Message{llm.User(text)}})
}

func TestOpenAISendsRequest(t *testing.T) {
	srv := llmtest.New(t, llmtest.Steps("hello there"))
	m := srv.Model(&llm.OpenAIOptions{Model: "qwen2.5-coder", APIKey: "sk-test"})
	resp, err := m.Complete(context.Background(), &llm.Request{
		Messages:  []llm.Message{llm.System("be brief"), llm.User("say hello")},
		MaxTokens: 50, Seed: 7, JSON: true, Stage: "s", Item: "i", PromptVersion: "v1",
	})
	if err != nil {
		t.Fatal(err)
	}
	if resp.Text != "hello there" || resp.FinishReason != llm.FinishStop || resp.Model != "qwen2.5-coder" || resp.Cached {
		t.Errorf("response = %+v", resp)
	}
	if resp.Usage.PromptTokens == 0 || resp.Usage.CompletionTokens != llm.EstimateTokens("hello there") {
		t.Errorf("usage = %+v", resp.Usage)
	}
	reqs := srv.Requests()
	if len(reqs) != 1 {
		t.Fatalf("%d requests, want 1", len(reqs))
	}
	r := reqs[0]
	if r.Path != "/v1/chat/completions" || r.Authorization != "Bearer sk-test" || r.Model != "qwen2.5-coder" {
		t.Errorf("path %q auth %q model %q", r.Path, r.Authorization, r.Model)
	}
	if len(r.Messages) != 2 || r.Messages[0] != llm.System("be brief") || r.LastUser() != "say hello" {
		t.Errorf("messages = %+v", r.Messages)
	}
	if r.MaxTokens != 50 || r.Seed == nil || *r.Seed != 7 || !r.JSON {
		t.Errorf("max_tokens %d seed %v json %v", r.MaxTokens, r.Seed, r.JSON)
	}
	if r.Temperature == nil || *r.Temperature != 0 && *r.Temperature > 1e-30 {
		t.Errorf("temperature = %v, want greedy (about 0)", r.Temperature)
	}
	if m.Name() != "qwen2.5-coder" || llm.NameOf(m) != "qwen2.5-coder" {
		t.Errorf("Name() = %q", m.Name())
	}
}

func TestOpenAITemperatureAndReasoningModels(t *testing.T) {
	srv := llmtest.New(t, &llmtest.Script{Steps: []llmtest.Step{{Reply: "ok", Repeat: -1}}})
	m := srv.Model(nil)
	if _, err := m.Complete(context.Background(), &llm.Request{Messages: []llm.Message{llm.User("x")}, Temperature: 0.7, MaxTokens: 9}); err != nil {
		t.Fatal(err)
	}
	o3 := srv.Model(&llm.OpenAIOptions{Model: "o3-mini"})
	if _, err := o3.Complete(context.Background(), &llm.Request{Messages: []llm.Message{llm.User("x")}, Temperature: 0.7, MaxTokens: 9}); err != nil {
		t.Fatal(err)
	}
	reqs := srv.Requests()
	if tmp := reqs[0].Temperature; tmp == nil || *tmp < 0.69 || *tmp > 0.71 || reqs[0].MaxTokens != 9 {
		t.Errorf("plain model: temperature %v max %d", tmp, reqs[0].MaxTokens)
	}
	if reqs[1].Temperature != nil || reqs[1].MaxTokens != 9 {
		t.Errorf("reasoning model: temperature %v (want none), max %d (want 9 as max_completion_tokens)", reqs[1].Temperature, reqs[1].MaxTokens)
	}
}

func TestOpenAIRetries500ThenSucceeds(t *testing.T) {
	srv := llmtest.New(t, &llmtest.Script{Steps: []llmtest.Step{{Status: 500}, {Status: 503}, {Reply: "fine"}}})
	var sl sleeps
	m := srv.Model(&llm.OpenAIOptions{BaseDelay: 100 * time.Millisecond, MaxDelay: 150 * time.Millisecond, Sleep: sl.sleep})
	resp, err := ask(t, m, "q")
	if err != nil {
		t.Fatal(err)
	}
	if resp.Text != "fine" || len(srv.Requests()) != 3 {
		t.Errorf("text %q after %d requests", resp.Text, len(srv.Requests()))
	}
	d := sl.all()
	if len(d) != 2 {
		t.Fatalf("slept %v, want 2 waits", d)
	}
	// First wait in [50ms,100ms] (jitter over the upper half), second
	// doubled but capped at 150ms: [75ms,150ms].
	if d[0] < 50*time.Millisecond || d[0] > 100*time.Millisecond || d[1] < 75*time.Millisecond || d[1] > 150*time.Millisecond {
		t.Errorf("backoff waits %v", d)
	}
}

func TestOpenAIHonoursRetryAfter(t *testing.T) {
	date := time.Now().Add(40 * time.Second).UTC().Format(http.TimeFormat)
	srv := llmtest.New(t, &llmtest.Script{Steps: []llmtest.Step{
		{Status: 429, RetryAfter: "2"},
		{Status: 429, RetryAfter: date},
		{Reply: "after the wait"},
	}})
	var sl sleeps
	m := srv.Model(&llm.OpenAIOptions{BaseDelay: time.Millisecond, Sleep: sl.sleep})
	resp, err := ask(t, m, "q")
	if err != nil {
		t.Fatal(err)
	}
	if resp.Text != "after the wait" {
		t.Errorf("text %q", resp.Text)
	}
	d := sl.all()
	if len(d) != 2 || d[0] != 2*time.Second || d[1] < 35*time.Second || d[1] > 40*time.Second {
		t.Errorf("waits %v, want [2s ~40s]", d)
	}
}

func TestOpenAIRetryAfterTooLongFailsAtOnce(t *testing.T) {
	srv := llmtest.New(t, &llmtest.Script{Steps: []llmtest.Step{{Status: 429, RetryAfter: "3600", Reply: "quota exhausted"}}})
	var sl sleeps
	_, err := ask(t, srv.Model(&llm.OpenAIOptions{Sleep: sl.sleep}), "q")
	var ae *llm.APIError
	if !errors.As(err, &ae) || ae.Status != 429 || ae.RetryAfter != time.Hour || ae.Message != "quota exhausted" {
		t.Fatalf("err = %v, want *APIError 429 with RetryAfter 1h", err)
	}
	if !strings.Contains(err.Error(), "MaxRetryAfter") || len(sl.all()) != 0 || len(srv.Requests()) != 1 {
		t.Errorf("err %q, waits %v, %d requests", err, sl.all(), len(srv.Requests()))
	}
}

func TestOpenAINoRetryOn4xx(t *testing.T) {
	for _, status := range []int{400, 401, 404} {
		srv := llmtest.New(t, &llmtest.Script{Steps: []llmtest.Step{{Status: status, Reply: "bad thing"}, {Reply: "never"}}})
		var sl sleeps
		_, err := ask(t, srv.Model(&llm.OpenAIOptions{Sleep: sl.sleep}), "q")
		var ae *llm.APIError
		if !errors.As(err, &ae) || ae.Status != status || ae.Message != "bad thing" || !strings.Contains(ae.Body, `"bad thing"`) {
			t.Fatalf("%d: err = %#v", status, err)
		}
		if len(srv.Requests()) != 1 || len(sl.all()) != 0 {
			t.Errorf("%d: %d requests, waits %v; want 1 request, no wait", status, len(srv.Requests()), sl.all())
		}
	}
}

func TestOpenAIGivesUpAfterMaxAttempts(t *testing.T) {
	srv := llmtest.New(t, &llmtest.Script{Steps: []llmtest.Step{{Status: 502, Repeat: -1}}})
	var sl sleeps
	_, err := ask(t, srv.Model(&llm.OpenAIOptions{MaxAttempts: 3, Sleep: sl.sleep}), "q")
	var ae *llm.APIError
	if !errors.As(err, &ae) || ae.Status != 502 || !strings.Contains(err.Error(), "after 3 attempts") {
		t.Fatalf("err = %v", err)
	}
	if len(srv.Requests()) != 3 || len(sl.all()) != 2 {
		t.Errorf("%d requests, %d waits; want 3 and 2", len(srv.Requests()), len(sl.all()))
	}
}

func TestOpenAIMalformedBodyRetried(t *testing.T) {
	srv := llmtest.New(t, &llmtest.Script{Steps: []llmtest.Step{
		{Raw: true, Reply: `{"choices": [ {"message": `},
		{Raw: true, Reply: `{"choices": []}`},
		{Reply: "good"},
	}})
	m := srv.Model(&llm.OpenAIOptions{MaxAttempts: 2})
	_, err := ask(t, m, "q")
	var ae *llm.APIError
	if !errors.As(err, &ae) || ae.Status != 200 || !strings.Contains(ae.Message, "no choices") {
		t.Fatalf("after 2 attempts err = %v, want *APIError about no choices", err)
	}
	if !strings.Contains(err.Error(), "after 2 attempts") {
		t.Errorf("err = %v", err)
	}
	resp, err := ask(t, m, "q")
	if err != nil || resp.Text != "good" {
		t.Fatalf("resp %+v err %v", resp, err)
	}
	// A proxy's 200 carrying an error object.
	srv3 := llmtest.New(t, &llmtest.Script{Steps: []llmtest.Step{{Raw: true, Reply: `{"error": {"message": "upstream overloaded", "code": 502}}`}}})
	_, err = ask(t, srv3.Model(&llm.OpenAIOptions{MaxAttempts: 1}), "q")
	if !errors.As(err, &ae) || ae.Message != "reply has no choices: upstream overloaded" {
		t.Errorf("err = %v", err)
	}
	// The first malformed body: check its classification directly.
	srv2 := llmtest.New(t, &llmtest.Script{Steps: []llmtest.Step{{Raw: true, Reply: `{"choices": [`}}})
	_, err = ask(t, srv2.Model(&llm.OpenAIOptions{MaxAttempts: 1}), "q")
	if !errors.As(err, &ae) || ae.Status != 200 || !strings.Contains(ae.Message, "malformed") || ae.Body != `{"choices": [` {
		t.Errorf("err = %#v", err)
	}
}

func TestOpenAITimeoutRetried(t *testing.T) {
	// The fast step repeats so that a loaded machine timing out a fast
	// attempt too does not break the test.
	srv := llmtest.New(t, &llmtest.Script{Steps: []llmtest.Step{{Name: "slow", Delay: 30 * time.Second, Reply: "late"}, {Name: "fast", Reply: "prompt", Repeat: -1}}})
	var sl sleeps
	m := srv.Model(&llm.OpenAIOptions{Timeout: 300 * time.Millisecond, Sleep: sl.sleep})
	resp, err := ask(t, m, "q")
	if err != nil || resp.Text != "prompt" {
		t.Fatalf("resp %+v err %v", resp, err)
	}
	reqs := srv.Requests()
	if len(reqs) < 2 || reqs[0].Step != "slow" || len(sl.all()) != len(reqs)-1 {
		t.Errorf("%d requests (first %q), waits %v; want the slow one timed out and retried", len(reqs), reqs[0].Step, sl.all())
	}
}

func TestOpenAIConnectionErrorRetried(t *testing.T) {
	srv := llmtest.New(t, llmtest.Steps("unused"))
	srv.Close()
	var sl sleeps
	_, err := ask(t, srv.Model(&llm.OpenAIOptions{MaxAttempts: 3, Sleep: sl.sleep}), "q")
	var ae *llm.APIError
	if err == nil || errors.As(err, &ae) || !strings.Contains(err.Error(), "connection") {
		t.Fatalf("err = %v, want a connection error", err)
	}
	if len(sl.all()) != 2 {
		t.Errorf("waits %v, want 2", sl.all())
	}
}

func TestOpenAICancelDuringBackoff(t *testing.T) {
	srv := llmtest.New(t, &llmtest.Script{Steps: []llmtest.Step{{Status: 503, RetryAfter: "30"}, {Reply: "never"}}})
	// The real timer-based sleep, not the test one.
	m := llm.OpenAI(&llm.OpenAIOptions{BaseURL: srv.BaseURL()})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() {
		for len(srv.Requests()) == 0 {
			time.Sleep(5 * time.Millisecond)
		}
		time.Sleep(20 * time.Millisecond)
		cancel()
	}()
	start := time.Now()
	_, err := m.Complete(ctx, &llm.Request{Messages: []llm.Message{llm.User("q")}})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	if el := time.Since(start); el > 5*time.Second {
		t.Errorf("returned after %v; the 30s wait was not cut short", el)
	}
	if n := len(srv.Requests()); n != 1 {
		t.Errorf("%d requests, want 1", n)
	}
}

func TestOpenAITruncatedReply(t *testing.T) {
	srv := llmtest.New(t, &llmtest.Script{Steps: []llmtest.Step{{Reply: `{"a": [1, 2`, Finish: "length"}}})
	resp, err := ask(t, srv.Model(nil), "q")
	if err != nil {
		t.Fatal(err)
	}
	if !resp.Truncated() || resp.FinishReason != llm.FinishLength {
		t.Errorf("finish %q, Truncated() = %v", resp.FinishReason, resp.Truncated())
	}
}

func TestOpenAIBadRequests(t *testing.T) {
	m := llm.OpenAI(nil)
	if _, err := m.Complete(context.Background(), nil); err == nil {
		t.Error("nil request: no error")
	}
	if _, err := m.Complete(context.Background(), &llm.Request{}); err == nil || !strings.Contains(err.Error(), "no messages") {
		t.Errorf("empty request: err = %v", err)
	}
}

func TestOpenAIConcurrent(t *testing.T) {
	srv := llmtest.New(t, &llmtest.Script{Steps: []llmtest.Step{
		{Match: "odd", Reply: "O", Repeat: -1},
		{Match: "even", Reply: "E", Repeat: -1},
	}})
	m := srv.Model(nil)
	var wg sync.WaitGroup
	errs := make(chan error, 40)
	for i := range 40 {
		wg.Go(func() {
			q, want := "even", "E"
			if i%2 == 1 {
				q, want = "odd", "O"
			}
			resp, err := ask(t, m, q)
			if err == nil && resp.Text != want {
				err = errors.New("got " + resp.Text + " for " + q)
			}
			errs <- err
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Error(err)
		}
	}
	if n := len(srv.Requests()); n != 40 {
		t.Errorf("%d requests, want 40", n)
	}
}

func TestOpenAICancelDuringRequest(t *testing.T) {
	srv := llmtest.New(t, &llmtest.Script{Steps: []llmtest.Step{{Delay: 30 * time.Second, Reply: "late"}}})
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := srv.Model(nil).Complete(ctx, &llm.Request{Messages: []llm.Message{llm.User("q")}})
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err = %v, want context.DeadlineExceeded", err)
	}
	if el := time.Since(start); el > 5*time.Second {
		t.Errorf("returned after %v", el)
	}
	if n := len(srv.Requests()); n != 1 {
		t.Errorf("%d requests, want 1 (no retry once the caller's context is done)", n)
	}
}
