package llm_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/suretydev/surety/llm"
	"github.com/suretydev/surety/llm/llmtest"
	"github.com/suretydev/surety/work"
)

// OpenModelFromEnv takes the server from the environment and the cache
// from cfg; it opens the shared store only when the cache is on, and
// keeps the replies there.
func TestOpenModelFromEnv(t *testing.T) {
	srv := llmtest.New(t, llmtest.Steps("hello"))
	env := map[string]string{"SURETY_MODEL": "m", "OPENAI_BASE_URL": srv.BaseURL()}
	getenv := func(k string) string { return env[k] }
	ctx := context.Background()
	shared := work.NewDir(t.TempDir())
	var opened []string
	store := func(ctx context.Context, name string) (work.Store, error) {
		opened = append(opened, name)
		return shared, nil
	}

	// Cache off: the store is not opened.
	_, m, err := llm.OpenModelFromEnv(ctx, getenv, nil, store)
	if err != nil {
		t.Fatal(err)
	}
	m.Close()
	if len(opened) != 0 || !strings.Contains(m.By, "language model m at "+srv.BaseURL()) {
		t.Errorf("cache off: stores opened %q, model by %q", opened, m.By)
	}

	// Cache on: the replies go to the store, and a replay from it asks
	// the server nothing.
	cfg := &llm.ModelConfig{CacheMode: llm.CacheReadWrite, Budget: 1000}
	req := &llm.Request{Stage: "t", Messages: []llm.Message{{Role: "user", Content: "hi"}}}
	ctx2, m, err := llm.OpenModelFromEnv(ctx, getenv, cfg, store)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := m.Complete(ctx2, req); err != nil {
		t.Fatal(err)
	}
	m.Close()
	if len(opened) != 1 || opened[0] != "llm" || cfg.Name != "" || cfg.CacheStore != nil {
		t.Errorf("stores opened %q; cfg modified: %+v", opened, cfg)
	}
	n := len(srv.Requests())
	ctx3, m, err := llm.OpenModelFromEnv(ctx, getenv, &llm.ModelConfig{CacheMode: llm.CacheReplayOnly}, store)
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	if resp, err := m.Complete(ctx3, req); err != nil || len(srv.Requests()) != n {
		t.Errorf("replay: %+v, %v, %d requests more", resp, err, len(srv.Requests())-n)
	}

	// The environment's errors and the store's come back as they are.
	bad := func(k string) string { return map[string]string{"SURETY_MAX_TOKENS": "x"}[k] }
	if _, m, err := llm.OpenModelFromEnv(ctx, bad, cfg, store); m != nil || err == nil || !strings.Contains(err.Error(), "SURETY_MAX_TOKENS=x") {
		t.Errorf("bad environment: %v, %v", m, err)
	}
	errDown := errors.New("down")
	failing := func(context.Context, string) (work.Store, error) { return nil, errDown }
	if _, m, err := llm.OpenModelFromEnv(ctx, getenv, cfg, failing); m != nil || !errors.Is(err, errDown) {
		t.Errorf("failing store: %v, %v", m, err)
	}
}
