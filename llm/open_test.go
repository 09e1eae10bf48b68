package llm_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/suretydev/surety/llm"
	"github.com/suretydev/surety/llm/llmtest"
	"github.com/suretydev/surety/registry"
)

// TestModelConfigFromEnv reads the server's variables, and names a bad
// SURETY_JSON_SCHEMA or SURETY_MAX_TOKENS with its value.
func TestModelConfigFromEnv(t *testing.T) {
	env := map[string]string{"SURETY_MODEL": "m", "OPENAI_BASE_URL": "http://x/v1", "OPENAI_API_KEY": "k",
		"SURETY_JSON_SCHEMA": "off", "SURETY_MAX_TOKENS": "512"}
	cfg, err := llm.ModelConfigFromEnv(func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	want := llm.ModelConfig{Name: "m", BaseURL: "http://x/v1", APIKey: "k", Schema: llm.SchemaOff, MaxTokens: 512}
	if *cfg != want {
		t.Errorf("got %+v, want %+v", *cfg, want)
	}
	for k, v := range map[string]string{"SURETY_JSON_SCHEMA": "yes", "SURETY_MAX_TOKENS": "-1"} {
		bad := map[string]string{k: v}
		if _, err := llm.ModelConfigFromEnv(func(k string) string { return bad[k] }); err == nil || !strings.Contains(err.Error(), k+"="+v) {
			t.Errorf("%s=%s: error %v", k, v, err)
		}
	}
}

// TestModelOpenRefusals: no model is an error that says what to set; the
// scripted model's name only replays a cache that records a script.
func TestModelOpenRefusals(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		cfg  llm.ModelConfig
		want string
	}{
		{llm.ModelConfig{}, "set SURETY_MODEL"},
		{llm.ModelConfig{Name: llm.ScriptedModel}, "only replays a cache recorded from a script"},
		{llm.ModelConfig{Name: llm.ScriptedModel, Cache: t.TempDir(), CacheMode: llm.CacheReplayOnly}, "records no scripted replies"},
		{llm.ModelConfig{Name: "m", CacheMode: llm.CacheReadWrite}, "needs a directory"},
	} {
		if _, m, err := llm.OpenModel(ctx, &tc.cfg); err == nil || m != nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: model %v, error %v; want one saying %q", tc.cfg, m, err, tc.want)
		}
	}
	// An estimate needs no model name and sends nothing.
	_, m, err := llm.OpenModel(ctx, &llm.ModelConfig{Estimate: true})
	if err != nil || !m.Report().Estimate {
		t.Errorf("estimate: %v, %+v", err, m)
	}
}

// TestModelRefusedCancels: a 401 from the server cancels the run's
// context with that error, and the next request is refused unsent.
func TestModelRefusedCancels(t *testing.T) {
	srv := llmtest.New(t, &llmtest.Script{Steps: []llmtest.Step{{Name: "refuse", Status: 401, Reply: "no", Repeat: -1}}})
	ctx, m, err := llm.OpenModel(context.Background(), &llm.ModelConfig{Name: "m", BaseURL: srv.BaseURL()})
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

// testProviderGot is the config the test provider was last given.
var testProviderGot *llm.ModelConfig

func init() {
	llm.Register("test-provider", llm.ProviderFunc(func(cfg *llm.ModelConfig) (llm.Model, error) {
		testProviderGot = cfg
		return llm.NewEstimator(nil), nil
	}))
}

// TestProviderRegistry registers a provider under a test name, opens a
// model through it, and checks the built-in names, the duplicate panic
// and the error for a name nobody registered.
func TestProviderRegistry(t *testing.T) {
	if p, err := llm.Lookup("test-provider"); err != nil || p == nil {
		t.Fatalf("Lookup(test-provider) = %v, %v", p, err)
	}
	cfg := &llm.ModelConfig{Provider: "test-provider", Name: "m"}
	if _, m, err := llm.OpenModel(context.Background(), cfg); err != nil || testProviderGot != cfg {
		t.Errorf("OpenModel through test-provider: %v, %v; provider given %p, want %p", m, err, testProviderGot, cfg)
	}
	names := strings.Join(llm.Names(), ",")
	if !strings.Contains(names, "openai,scripted,test-provider") {
		t.Errorf("Names() = %s", names)
	}
	if v := panics(func() { llm.Register("openai", llm.ProviderFunc(nil)) }); v == nil {
		t.Error("Register(openai, nil) did not panic")
	}
	if v := fmt.Sprint(panics(func() {
		llm.Register("test-provider", llm.ProviderFunc(func(*llm.ModelConfig) (llm.Model, error) { return nil, nil }))
	})); v != `llm: Register called twice for model provider "test-provider"` {
		t.Errorf("duplicate Register: panic %q", v)
	}
	_, _, err := llm.OpenModel(context.Background(), &llm.ModelConfig{Provider: "nosuch", Name: "m"})
	if !errors.Is(err, registry.ErrUnknown) || !strings.HasPrefix(err.Error(), `llm: unknown model provider "nosuch" (forgotten import?); registered: `) || !strings.Contains(err.Error(), "openai, scripted") {
		t.Errorf("OpenModel with provider nosuch: %v", err)
	}
	// The scripted model's name always means the scripted provider.
	_, _, err = llm.OpenModel(context.Background(), &llm.ModelConfig{Provider: "test-provider", Name: llm.ScriptedModel})
	if err == nil || !strings.Contains(err.Error(), "only replays a cache recorded from a script") {
		t.Errorf("scripted under another provider: %v", err)
	}
}

// panics returns what f panicked with, or nil.
func panics(f func()) (v any) {
	defer func() { v = recover() }()
	f()
	return nil
}
