package surety

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/suretydev/surety/llm"
	"github.com/suretydev/surety/llm/llmtest"
)

// TestModelConfigFromEnv reads the server's variables, and names a bad
// SURETY_JSON_SCHEMA or SURETY_MAX_TOKENS with its value.
func TestModelConfigFromEnv(t *testing.T) {
	env := map[string]string{"SURETY_MODEL": "m", "OPENAI_BASE_URL": "http://x/v1", "OPENAI_API_KEY": "k",
		"SURETY_JSON_SCHEMA": "off", "SURETY_MAX_TOKENS": "512"}
	cfg, err := ModelConfigFromEnv(func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	want := ModelConfig{Name: "m", BaseURL: "http://x/v1", APIKey: "k", Schema: llm.SchemaOff, MaxTokens: 512}
	if *cfg != want {
		t.Errorf("got %+v, want %+v", *cfg, want)
	}
	for k, v := range map[string]string{"SURETY_JSON_SCHEMA": "yes", "SURETY_MAX_TOKENS": "-1"} {
		bad := map[string]string{k: v}
		if _, err := ModelConfigFromEnv(func(k string) string { return bad[k] }); err == nil || !strings.Contains(err.Error(), k+"="+v) {
			t.Errorf("%s=%s: error %v", k, v, err)
		}
	}
}

// TestModelOpenRefusals: no model is an error that says what to set; the
// scripted model's name only replays a cache that records a script.
func TestModelOpenRefusals(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		cfg  ModelConfig
		want string
	}{
		{ModelConfig{}, "set SURETY_MODEL"},
		{ModelConfig{Name: ScriptedModel}, "only replays a cache recorded from a script"},
		{ModelConfig{Name: ScriptedModel, Cache: t.TempDir(), CacheMode: llm.CacheReplayOnly}, "records no scripted replies"},
		{ModelConfig{Name: "m", CacheMode: llm.CacheReadWrite}, "needs a directory"},
	} {
		if _, m, err := OpenModel(ctx, &tc.cfg); err == nil || m != nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: model %v, error %v; want one saying %q", tc.cfg, m, err, tc.want)
		}
	}
	// An estimate needs no model name and sends nothing.
	_, m, err := OpenModel(ctx, &ModelConfig{Estimate: true})
	if err != nil || !m.Report().Estimate {
		t.Errorf("estimate: %v, %+v", err, m)
	}
}

// TestModelRefusedCancels: a 401 from the server cancels the run's
// context with that error, and the next request is refused unsent.
func TestModelRefusedCancels(t *testing.T) {
	srv := llmtest.New(t, &llmtest.Script{Steps: []llmtest.Step{{Name: "refuse", Status: 401, Reply: "no", Repeat: -1}}})
	ctx, m, err := OpenModel(context.Background(), &ModelConfig{Name: "m", BaseURL: srv.BaseURL()})
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	req := &llm.Request{Stage: "t", Messages: []llm.Message{{Role: "user", Content: "hi"}}}
	if _, err := m.Complete(ctx, req); err == nil {
		t.Fatal("a 401 answered")
	}
	var ae *llm.APIError
	if !errors.As(m.Refused(), &ae) || ae.Status != 401 || !errors.As(context.Cause(ctx), &ae) {
		t.Errorf("refused %v, cause %v", m.Refused(), context.Cause(ctx))
	}
	n := len(srv.Requests())
	if _, err := m.Complete(ctx, req); err == nil || len(srv.Requests()) != n {
		t.Errorf("after a 401: error %v, %d more requests", err, len(srv.Requests())-n)
	}
}
