package llm_test

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/suretydev/surety/llm"
	"github.com/suretydev/surety/llm/llmtest"
)

func req(text, version string) *llm.Request {
	return &llm.Request{Messages: []llm.Message{llm.User(text)}, PromptVersion: version, Stage: "s", Item: "i"}
}

func TestCacheRecordThenReplayWithServerGone(t *testing.T) {
	dir := t.TempDir()
	srv := llmtest.New(t, &llmtest.Script{Steps: []llmtest.Step{
		{Match: "^first", Reply: "one", PromptTokens: 11, CompletionTokens: 3},
		{Match: "^second", Reply: "two", Finish: "length"},
	}})
	ctx := context.Background()
	rec := llm.Cached(srv.Model(&llm.OpenAIOptions{Model: "m1"}), dir, llm.CacheReadWrite)
	for i, q := range []string{"first", "second", "first", "second"} {
		resp, err := rec.Complete(ctx, req(q, "v1"))
		if err != nil {
			t.Fatal(err)
		}
		if wantCached := i >= 2; resp.Cached != wantCached {
			t.Errorf("call %d (%s): Cached = %v, want %v", i+1, q, resp.Cached, wantCached)
		}
	}
	if n := len(srv.Requests()); n != 2 {
		t.Fatalf("%d requests reached the server, want 2", n)
	}
	if s := rec.Stats(); s != (llm.CacheStats{Hits: 2, Misses: 2, Writes: 2}) {
		t.Errorf("stats = %+v", s)
	}
	srv.Close()

	// Replay-only over a client whose server is gone: nothing may go out.
	dead := llm.OpenAI(&llm.OpenAIOptions{BaseURL: srv.BaseURL(), Model: "m1", MaxAttempts: 1})
	replay := llm.Cached(dead, dir, llm.CacheReplayOnly)
	resp, err := replay.Complete(ctx, req("first", "v1"))
	if err != nil {
		t.Fatal(err)
	}
	if want := (llm.Response{Text: "one", Usage: llm.Usage{PromptTokens: 11, CompletionTokens: 3}, FinishReason: "stop", Model: "m1", Cached: true}); *resp != want {
		t.Errorf("replayed %+v, want %+v", *resp, want)
	}
	resp, err = replay.Complete(ctx, req("second", "v1"))
	if err != nil || resp.Text != "two" || !resp.Truncated() {
		t.Errorf("replayed %+v, %v", resp, err)
	}
	for _, miss := range []*llm.Request{req("third", "v1"), req("first", "v2")} {
		if _, err := replay.Complete(ctx, miss); !errors.Is(err, llm.ErrCacheMiss) {
			t.Errorf("%+v: err = %v, want ErrCacheMiss", miss, err)
		}
	}
	// Another model name is another key.
	other := llm.Cached(llm.OpenAI(&llm.OpenAIOptions{BaseURL: srv.BaseURL(), Model: "m2"}), dir, llm.CacheReplayOnly)
	if _, err := other.Complete(ctx, req("first", "v1")); !errors.Is(err, llm.ErrCacheMiss) {
		t.Errorf("other model: err = %v, want ErrCacheMiss", err)
	}

	// Entries are whole JSON files, two hex levels deep, no temporaries left.
	var files []string
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			files = append(files, p)
		}
		return err
	})
	if len(files) != 2 {
		t.Fatalf("files %v, want 2 entries", files)
	}
	key := llm.CacheKey("m1", req("first", "v1"))
	if _, err := os.Stat(filepath.Join(dir, key[:2], key+".json")); err != nil {
		t.Errorf("entry for key %s: %v", key, err)
	}
}

func TestCacheKey(t *testing.T) {
	base := req("q", "v1")
	k := llm.CacheKey("m", base)
	if len(k) != 64 {
		t.Fatalf("key %q", k)
	}
	same := *base
	same.Stage, same.Item = "other stage", "other item"
	if llm.CacheKey("m", &same) != k {
		t.Error("Stage/Item changed the key")
	}
	for name, mut := range map[string]func(r *llm.Request){
		"temperature": func(r *llm.Request) { r.Temperature = 0.5 },
		"max tokens":  func(r *llm.Request) { r.MaxTokens = 10 },
		"seed":        func(r *llm.Request) { r.Seed = 1 },
		"json":        func(r *llm.Request) { r.JSON = true },
		"version":     func(r *llm.Request) { r.PromptVersion = "v2" },
		"message":     func(r *llm.Request) { r.Messages = []llm.Message{llm.User("q ")} },
		"role":        func(r *llm.Request) { r.Messages = []llm.Message{llm.System("q")} },
	} {
		r := *base
		mut(&r)
		if llm.CacheKey("m", &r) == k {
			t.Errorf("%s did not change the key", name)
		}
	}
	if llm.CacheKey("m2", base) == k {
		t.Error("model name did not change the key")
	}
}

func TestCacheDoesNotKeepFailures(t *testing.T) {
	srv := llmtest.New(t, &llmtest.Script{Steps: []llmtest.Step{{Status: 400}, {Reply: "ok"}}})
	c := llm.Cached(srv.Model(nil), t.TempDir(), llm.CacheReadWrite)
	if _, err := c.Complete(context.Background(), req("q", "")); err == nil {
		t.Fatal("no error from the 400")
	}
	resp, err := c.Complete(context.Background(), req("q", ""))
	if err != nil || resp.Cached || resp.Text != "ok" {
		t.Errorf("resp %+v err %v", resp, err)
	}
}

func TestCacheOff(t *testing.T) {
	dir := t.TempDir()
	srv := llmtest.New(t, &llmtest.Script{Steps: []llmtest.Step{{Reply: "ok", Repeat: -1}}})
	c := llm.Cached(srv.Model(nil), dir, llm.CacheOff)
	for range 2 {
		if resp, err := c.Complete(context.Background(), req("q", "")); err != nil || resp.Cached {
			t.Fatalf("resp %+v err %v", resp, err)
		}
	}
	if n := len(srv.Requests()); n != 2 {
		t.Errorf("%d requests, want 2", n)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Errorf("off mode wrote %d entries", len(ents))
	}
}

func TestCacheCorruptEntryNamesFile(t *testing.T) {
	dir := t.TempDir()
	r := req("q", "")
	key := llm.CacheKey("scripted", r)
	p := filepath.Join(dir, key[:2], key+".json")
	os.MkdirAll(filepath.Dir(p), 0o755)
	os.WriteFile(p, []byte(`{"key": "`), 0o644)
	srv := llmtest.New(t, llmtest.Steps("unused"))
	_, err := llm.Cached(srv.Model(nil), dir, llm.CacheReadWrite).Complete(context.Background(), r)
	if err == nil || !strings.Contains(err.Error(), p) {
		t.Errorf("err = %v, want one naming %s", err, p)
	}
	if len(srv.Requests()) != 0 {
		t.Error("a corrupt entry sent a request")
	}
}

func TestCacheConcurrent(t *testing.T) {
	srv := llmtest.New(t, &llmtest.Script{Steps: []llmtest.Step{
		{Match: "same", Reply: "S", Delay: 50 * time.Millisecond},
		{Match: "distinct", Reply: "D", Repeat: -1},
	}})
	c := llm.Cached(srv.Model(nil), t.TempDir(), llm.CacheReadWrite)
	var wg sync.WaitGroup
	errs := make(chan error, 60)
	for i := range 30 {
		wg.Go(func() {
			resp, err := c.Complete(context.Background(), req("same", ""))
			if err == nil && resp.Text != "S" {
				err = errors.New("same: " + resp.Text)
			}
			errs <- err
		})
		wg.Go(func() {
			resp, err := c.Complete(context.Background(), req("distinct "+string(rune('a'+i%26))+string(rune('0'+i/26)), ""))
			if err == nil && resp.Text != "D" {
				err = errors.New("distinct: " + resp.Text)
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
	same := 0
	for _, r := range srv.Requests() {
		if r.LastUser() == "same" {
			same++
		}
	}
	if same != 1 || len(srv.Requests()) != 31 {
		t.Errorf("%d requests for the shared prompt (want 1), %d in all (want 31)", same, len(srv.Requests()))
	}
}

// Callers sharing one request count it once: the others see a cached reply.
func TestCacheSharedRequestMeteredOnce(t *testing.T) {
	srv := llmtest.New(t, &llmtest.Script{Steps: []llmtest.Step{{Reply: "S", Delay: 50 * time.Millisecond, PromptTokens: 10, CompletionTokens: 1}}})
	m := llm.Metered(llm.Cached(srv.Model(nil), t.TempDir(), llm.CacheReadWrite), nil)
	var wg sync.WaitGroup
	for range 10 {
		wg.Go(func() {
			if _, err := m.Complete(context.Background(), req("same", "")); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	tot := m.Report().Total
	if tot.Requests != 1 || tot.Cached != 9 || tot.Tokens() != 11 || len(srv.Requests()) != 1 {
		t.Errorf("total %+v after %d requests; want 1 request of 11 tokens and 9 cached", tot, len(srv.Requests()))
	}
}

func TestParseCacheMode(t *testing.T) {
	for _, m := range []llm.CacheMode{llm.CacheOff, llm.CacheReadWrite, llm.CacheReplayOnly} {
		got, err := llm.ParseCacheMode(m.String())
		if err != nil || got != m {
			t.Errorf("ParseCacheMode(%q) = %v, %v", m.String(), got, err)
		}
	}
	if _, err := llm.ParseCacheMode("sometimes"); err == nil {
		t.Error("no error for an unknown mode")
	}
}

// A run stopped part-way (here by its budget) and run again over the same
// cache sends only what it had not finished.
func TestCacheResumesInterruptedRun(t *testing.T) {
	dir := t.TempDir()
	srv := llmtest.New(t, &llmtest.Script{Steps: []llmtest.Step{{Match: `contract of \w+`, Reply: `{"ok": true}`, PromptTokens: 50, CompletionTokens: 10, Repeat: -1}}})
	fns := []string{"a", "b", "c", "d", "e"}
	run := func(budget int) (done []string) {
		m := llm.Metered(llm.Cached(srv.Model(nil), dir, llm.CacheReadWrite), &llm.MeterOptions{Budget: budget})
		for _, fn := range fns {
			_, err := llm.Ask[map[string]bool](context.Background(), m, labelled("contract", fn, "contract of "+fn), nil, nil)
			if errors.Is(err, llm.ErrBudget) {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			done = append(done, fn)
		}
		return done
	}
	if done := run(120); len(done) != 2 || len(srv.Requests()) != 2 {
		t.Fatalf("first run did %v with %d requests; want a, b with 2", done, len(srv.Requests()))
	}
	if done := run(0); len(done) != 5 {
		t.Fatalf("second run did %v", done)
	}
	var asked []string
	for _, r := range srv.Requests()[2:] {
		asked = append(asked, r.LastUser())
	}
	if want := []string{"contract of c", "contract of d", "contract of e"}; !slices.Equal(asked, want) {
		t.Errorf("second run asked %v, want %v", asked, want)
	}
}
