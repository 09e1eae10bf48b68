package llmtest

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/suretydev/surety/llm"
)

// ProviderOptions control TestProvider. The zero value is valid and a nil
// pointer means the defaults; TestProvider does not change it.
type ProviderOptions struct {
	// Config, when set, adjusts each ModelConfig the kit opens a model
	// from, after the kit has filled in Provider (the name tested), Name
	// ("surety-kit-model"), BaseURL (the scripted server's) and APIKey
	// ("surety-kit-key"): a provider that needs more (the "scripted"
	// provider records into a cache) sets it there. It must keep BaseURL.
	// Nil changes nothing.
	Config func(t *testing.T, cfg *llm.ModelConfig)
	// Grace is how long after its context is cancelled a request may take
	// to return; 0 means 5s.
	Grace time.Duration
}

// TestProvider holds the registered model provider called name to what
// surety relies on, each check a parallel subtest with its own scripted
// server (Server) and its own model, opened by llm.OpenModel from a
// ModelConfig pointing at that server: a reply comes back as scripted,
// with its usage metered; a structured reply is checked against its
// schema and repaired; a refusal (HTTP 401), a bad request (400), a server
// error (5xx) and a malformed body surface as *llm.APIError, retried or
// not as llm.OpenAIOptions documents; a cut-off reply says so; a cancelled
// context stops the request; requests at once from many goroutines each
// get their own reply. See the package documentation for what fails. The
// check of a malformed body that never mends waits out the client's
// backoff (about 10s) and is skipped with -short.
func TestProvider(t *testing.T, name string, opts *ProviderOptions) {
	t.Helper()
	if opts == nil {
		opts = &ProviderOptions{}
	}
	if _, err := llm.Lookup(name); err != nil {
		t.Fatalf("llm.Lookup(%q): %v", name, err)
	}
	k := &kit{name: name, opts: opts}
	for _, c := range []struct {
		name string
		f    func(t *testing.T)
	}{
		{"reply", k.reply},
		{"structured", k.structured},
		{"structured-invalid", k.structuredInvalid},
		{"refused", k.refused},
		{"bad-request", k.badRequest},
		{"server-error", k.serverError},
		{"server-error-mends", k.serverErrorMends},
		{"malformed-mends", k.malformedMends},
		{"malformed", k.malformed},
		{"truncated", k.truncated},
		{"cancel", k.cancel},
		{"concurrent", k.concurrent},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			c.f(t)
		})
	}
}

type kit struct {
	name string
	opts *ProviderOptions
}

// open starts a server answering from steps and opens a model of the
// provider pointed at it; the model is closed when the test ends.
func (k *kit) open(t *testing.T, steps ...Step) (context.Context, *llm.MeteredModel, *Server, *llm.ModelConfig) {
	t.Helper()
	srv := New(t, &Script{Steps: steps})
	cfg := &llm.ModelConfig{Provider: k.name, Name: "surety-kit-model", BaseURL: srv.BaseURL(), APIKey: "surety-kit-key"}
	if k.opts.Config != nil {
		k.opts.Config(t, cfg)
	}
	ctx, m, err := llm.OpenModel(context.Background(), cfg)
	if err != nil {
		t.Fatalf("llm.OpenModel(%+v): %v", *cfg, err)
	}
	t.Cleanup(func() { m.Close() })
	return ctx, m, srv, cfg
}

// ask is a request of the kit: one user message carrying the check's
// name, so that a cache on the way never mixes two checks.
func ask(check, text string) *llm.Request {
	return &llm.Request{Messages: []llm.Message{llm.User("[surety kit: " + check + "] " + text)},
		Stage: "kit", Item: check}
}

// sent fails t unless the server got want requests.
func sent(t *testing.T, srv *Server, want int, what string) {
	t.Helper()
	if n := len(srv.Requests()); n != want {
		t.Errorf("%s: the server got %d requests, want %d", what, n, want)
	}
}

// apiError fails t unless err is an *llm.APIError of status, and returns
// it.
func apiError(t *testing.T, err error, status int, what string) *llm.APIError {
	t.Helper()
	var ae *llm.APIError
	if !errors.As(err, &ae) {
		t.Fatalf("%s: error %v (%T), want an *llm.APIError of HTTP %d", what, err, err, status)
	}
	if ae.Status != status {
		t.Fatalf("%s: *llm.APIError of HTTP %d (%v), want HTTP %d", what, ae.Status, ae, status)
	}
	return ae
}

func (k *kit) reply(t *testing.T) {
	const text = "the kit's scripted reply"
	ctx, m, srv, cfg := k.open(t, Step{Reply: text, PromptTokens: 17, CompletionTokens: 5})
	resp, err := m.Complete(ctx, ask("reply", "say something"))
	if err != nil {
		t.Fatalf("Complete: %v; want the scripted reply %q", err, text)
	}
	if resp.Text != text || resp.FinishReason != llm.FinishStop || resp.Usage != (llm.Usage{PromptTokens: 17, CompletionTokens: 5}) {
		t.Errorf("Complete = text %q, finish %q, usage %+v; want %q, %q, {17 5} as scripted",
			resp.Text, resp.FinishReason, resp.Usage, text, llm.FinishStop)
	}
	sent(t, srv, 1, "one request")
	if reqs := srv.Requests(); len(reqs) == 1 {
		r := reqs[0]
		if r.Model != cfg.Name {
			t.Errorf("the request names model %q, want the configured %q", r.Model, cfg.Name)
		}
		if cfg.APIKey != "" && r.Authorization != "Bearer "+cfg.APIKey {
			t.Errorf("the request's Authorization is %q, want %q", r.Authorization, "Bearer "+cfg.APIKey)
		}
		if want := ask("reply", "say something").Messages[0].Content; r.LastUser() != want {
			t.Errorf("the request's user message is %q, want %q", r.LastUser(), want)
		}
	}
	rep := m.Report()
	if tot := rep.Total; tot.Requests != 1 || tot.PromptTokens != 17 || tot.CompletionTokens != 5 || tot.Failed != 0 {
		t.Errorf("the meter counts %+v, want 1 request of 17 + 5 tokens", tot)
	}
	if len(rep.Stages) != 1 || rep.Stages[0].Stage != "kit" || len(rep.Stages[0].Items) != 1 || rep.Stages[0].Items[0].Item != "reply" {
		t.Errorf("the meter's stages are %+v, want stage kit, item reply", rep.Stages)
	}
}

// answerSchema is the schema of the structured checks.
var answerSchema = llm.MustCompileSchema("answer", []byte(`{
	"type": "object",
	"properties": {"answer": {"type": "integer"}},
	"required": ["answer"],
	"additionalProperties": false
}`))

type answer struct {
	Answer int `json:"answer"`
}

func (k *kit) structured(t *testing.T) {
	ctx, m, srv, _ := k.open(t,
		Step{Name: "invalid", Reply: `{"answer": "forty-two"}`},
		Step{Name: "valid", Reply: "```json\n{\"answer\": 42}\n```"})
	got, err := llm.Ask[answer](ctx, m, ask("structured", "what is the answer?"), answerSchema, nil)
	if err != nil {
		t.Fatalf("Ask: %v; want 42 after one repair", err)
	}
	if got.Answer != 42 {
		t.Errorf("Ask = %+v, want answer 42", got)
	}
	sent(t, srv, 2, "a reply that breaks the schema, then one that keeps it")
	reqs := srv.Requests()
	if len(reqs) > 0 && (!reqs[0].JSON || reqs[0].Format == "") {
		t.Errorf("the structured request asked for format %q (JSON %v), want a JSON response_format", reqs[0].Format, reqs[0].JSON)
	}
	if len(reqs) == 2 && len(reqs[1].Messages) <= len(reqs[0].Messages) {
		t.Errorf("the repair request has %d messages, the first %d: want the invalid reply sent back", len(reqs[1].Messages), len(reqs[0].Messages))
	}
	if tot := m.Report().Total; tot.Structured != 1 || tot.NeededRepair != 1 || tot.Requests != 2 {
		t.Errorf("the meter counts %+v, want 1 structured exchange, 1 repaired, 2 requests", tot)
	}
}

func (k *kit) structuredInvalid(t *testing.T) {
	const raw = `{"answer": 4.5}`
	ctx, m, srv, _ := k.open(t, Step{Reply: raw})
	_, err := llm.Ask[answer](ctx, m, ask("structured-invalid", "what is the answer?"), answerSchema, &llm.AskOptions{Repairs: -1})
	var re *llm.ReplyError
	if !errors.As(err, &re) || re.Raw != raw || re.Attempts != 1 {
		t.Fatalf("Ask with no repairs of a reply that breaks the schema = %v; want an *llm.ReplyError keeping the reply %q after 1 attempt", err, raw)
	}
	sent(t, srv, 1, "no repairs")
}

func (k *kit) refused(t *testing.T) {
	ctx, m, srv, _ := k.open(t, Step{Status: http.StatusUnauthorized, Reply: "invalid api key", Repeat: -1})
	_, err := m.Complete(ctx, ask("refused", "hello"))
	ae := apiError(t, err, http.StatusUnauthorized, "a refusal")
	if !strings.Contains(ae.Message, "invalid api key") || ae.Temporary() {
		t.Errorf("*llm.APIError %+v: want the server's message and not Temporary", ae)
	}
	sent(t, srv, 1, "a refusal is not retried")
	if m.Refused() == nil {
		t.Errorf("Refused() = nil after HTTP 401, want the refusal")
	}
	if ctx.Err() == nil {
		t.Errorf("the context OpenModel returned is not cancelled after HTTP 401")
	}
	if _, err := m.Complete(context.Background(), ask("refused", "again")); err == nil {
		t.Errorf("a request after the refusal succeeded")
	}
	sent(t, srv, 1, "after a refusal nothing more is sent")
}

func (k *kit) badRequest(t *testing.T) {
	ctx, m, srv, _ := k.open(t, Step{Status: http.StatusBadRequest, Reply: "bad request", Repeat: -1})
	_, err := m.Complete(ctx, ask("bad-request", "hello"))
	ae := apiError(t, err, http.StatusBadRequest, "HTTP 400")
	if ae.Temporary() {
		t.Errorf("*llm.APIError of HTTP 400 is Temporary")
	}
	sent(t, srv, 1, "HTTP 400 is not retried")
	if m.Refused() != nil || ctx.Err() != nil {
		t.Errorf("HTTP 400 stopped the model (Refused %v, context %v); only 401, 403 and 404 do", m.Refused(), ctx.Err())
	}
}

func (k *kit) serverError(t *testing.T) {
	// A Retry-After past what the client waits for makes it give up at
	// once, with the server's error.
	ctx, m, srv, _ := k.open(t, Step{Status: http.StatusServiceUnavailable, RetryAfter: "3600", Reply: "overloaded", Repeat: -1})
	start := time.Now()
	_, err := m.Complete(ctx, ask("server-error", "hello"))
	ae := apiError(t, err, http.StatusServiceUnavailable, "HTTP 503 asking to wait an hour")
	if !ae.Temporary() || ae.RetryAfter != time.Hour {
		t.Errorf("*llm.APIError %+v: want Temporary with RetryAfter 1h", ae)
	}
	sent(t, srv, 1, "a wait past MaxRetryAfter is not waited")
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("the request took %v", d)
	}
	if tot := m.Report().Total; tot.Failed != 1 || tot.Requests != 0 {
		t.Errorf("the meter counts %+v, want 1 failed request", tot)
	}
}

func (k *kit) serverErrorMends(t *testing.T) {
	const text = "the reply after a 502"
	ctx, m, srv, _ := k.open(t, Step{Status: http.StatusBadGateway}, Step{Reply: text})
	resp, err := m.Complete(ctx, ask("server-error-mends", "hello"))
	if err != nil || resp.Text != text {
		t.Fatalf("Complete after an HTTP 502 = %v, %v; want the retry's reply %q", resp, err, text)
	}
	sent(t, srv, 2, "HTTP 502, then a retry")
}

func (k *kit) malformedMends(t *testing.T) {
	const text = "the reply after a malformed body"
	ctx, m, srv, _ := k.open(t, Step{Raw: true, Reply: `{"choices": [`}, Step{Reply: text})
	resp, err := m.Complete(ctx, ask("malformed-mends", "hello"))
	if err != nil || resp.Text != text {
		t.Fatalf("Complete after a malformed body = %v, %v; want the retry's reply %q", resp, err, text)
	}
	sent(t, srv, 2, "a malformed body, then a retry")
}

func (k *kit) malformed(t *testing.T) {
	if testing.Short() {
		t.Skip("waits out the client's backoff (-short)")
	}
	const body = "<html>not a chat completion</html>"
	ctx, m, srv, _ := k.open(t, Step{Raw: true, Reply: body, Repeat: -1})
	_, err := m.Complete(ctx, ask("malformed", "hello"))
	ae := apiError(t, err, http.StatusOK, "a body that never decodes")
	if !strings.Contains(ae.Body, body) || !ae.Temporary() {
		t.Errorf("*llm.APIError %+v: want the body kept, and Temporary", ae)
	}
	if n := len(srv.Requests()); n < 2 {
		t.Errorf("the server got %d requests, want retries", n)
	}
}

func (k *kit) truncated(t *testing.T) {
	ctx, m, _, _ := k.open(t, Step{Reply: `{"answer": 4`, Finish: llm.FinishLength, Repeat: -1})
	resp, err := m.Complete(ctx, ask("truncated", "hello"))
	if err != nil || !resp.Truncated() {
		t.Fatalf("Complete of a reply cut off = %+v, %v; want Truncated", resp, err)
	}
	_, err = llm.Ask[answer](ctx, m, ask("truncated", "structured"), answerSchema, &llm.AskOptions{Repairs: -1})
	if !errors.Is(err, llm.ErrTruncated) {
		t.Errorf("Ask of a reply cut off = %v, want an error matching llm.ErrTruncated", err)
	}
}

func (k *kit) cancel(t *testing.T) {
	grace := k.opts.Grace
	if grace <= 0 {
		grace = 5 * time.Second
	}
	mctx, m, srv, _ := k.open(t, Step{Reply: "too late", Delay: time.Minute})
	ctx, cancel := context.WithCancel(mctx)
	defer cancel()
	done := make(chan error, 1)
	go func() {
		_, err := m.Complete(ctx, ask("cancel", "hello"))
		done <- err
	}()
	for start := time.Now(); len(srv.Requests()) == 0 && time.Since(start) < 5*time.Second; {
		time.Sleep(10 * time.Millisecond)
	}
	start := time.Now()
	cancel()
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) {
			t.Errorf("Complete after its context was cancelled = %v, want an error matching context.Canceled", err)
		}
	case <-time.After(grace):
		t.Fatalf("Complete had not returned %v after its context was cancelled", grace)
	}
	if d := time.Since(start); d > grace {
		t.Errorf("Complete took %v to return after the cancellation", d)
	}
	sent(t, srv, 1, "a cancelled request is not retried")
}

func (k *kit) concurrent(t *testing.T) {
	const n = 8
	steps := make([]Step, n)
	for i := range steps {
		steps[i] = Step{Match: fmt.Sprintf(`\bcaller %d\b`, i), Reply: fmt.Sprintf("reply to caller %d", i), PromptTokens: 10, CompletionTokens: 2}
	}
	ctx, m, srv, _ := k.open(t, steps...)
	var wg sync.WaitGroup
	errs := make([]string, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			resp, err := m.Complete(ctx, ask("concurrent", fmt.Sprintf("caller %d", i)))
			want := fmt.Sprintf("reply to caller %d", i)
			switch {
			case err != nil:
				errs[i] = fmt.Sprintf("caller %d: %v", i, err)
			case resp.Text != want:
				errs[i] = fmt.Sprintf("caller %d got %q, want %q", i, resp.Text, want)
			}
		}()
	}
	wg.Wait()
	for _, e := range errs {
		if e != "" {
			t.Error(e)
		}
	}
	sent(t, srv, n, "one request per caller")
	if tot := m.Report().Total; tot.Requests != n || tot.PromptTokens != 10*n || tot.CompletionTokens != 2*n {
		t.Errorf("the meter counts %+v, want %d requests of 10 + 2 tokens", tot, n)
	}
}
