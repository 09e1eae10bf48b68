package llm_test

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/suretydev/surety/llm"
	"github.com/suretydev/surety/llm/llmtest"
)

// cacheFiles returns the entries under dir.
func cacheFiles(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".json") {
			out = append(out, p)
		}
		return nil
	})
	return out
}

// A server that answers prose leaves nothing in the cache: once it works,
// the next run asks it again and gets its valid reply. Before, the prose
// and its repairs were recorded and replayed for ever.
func TestCacheKeepsOnlyValidExchanges(t *testing.T) {
	dir := t.TempDir()
	ctx := context.Background()
	prose := "Sure! The function requires a non-empty string."
	bad := llmtest.New(t, llmtest.Steps(prose, prose, prose))
	_, err := llm.Ask[contract](ctx, llm.Cached(bad.Model(&llm.OpenAIOptions{Model: "m"}), dir, llm.CacheReadWrite), contractReq(), contractSchema, nil)
	var rerr *llm.ReplyError
	if !errors.As(err, &rerr) {
		t.Fatalf("prose server: err = %v, want a ReplyError", err)
	}
	if files := cacheFiles(t, dir); len(files) != 0 {
		t.Fatalf("cache holds %d entries after an exchange with no valid reply, want none", len(files))
	}

	goodSrv := llmtest.New(t, llmtest.Steps(good))
	c, err := llm.Ask[contract](ctx, llm.Cached(goodSrv.Model(&llm.OpenAIOptions{Model: "m"}), dir, llm.CacheReadWrite), contractReq(), contractSchema, nil)
	if err != nil || len(c.Ensures) != 1 {
		t.Fatalf("working server: %+v, %v", c, err)
	}
	if n := len(goodSrv.Requests()); n != 1 {
		t.Errorf("the working server got %d requests, want 1", n)
	}
	if files := cacheFiles(t, dir); len(files) != 1 {
		t.Errorf("cache holds %d entries, want the valid reply alone", len(files))
	}
}

// An exchange that needed a repair is recorded whole (the invalid reply
// marked repaired, the valid one valid) and replays offline exactly.
func TestCacheRecordsRepairedExchangeWhole(t *testing.T) {
	dir := t.TempDir()
	ctx := context.Background()
	srv := llmtest.New(t, llmtest.Steps(`{"requires": [`, good))
	rec := llm.Cached(srv.Model(&llm.OpenAIOptions{Model: "m"}), dir, llm.CacheReadWrite)
	if _, err := llm.Ask[contract](ctx, rec, contractReq(), contractSchema, nil); err != nil {
		t.Fatal(err)
	}
	files := cacheFiles(t, dir)
	if len(files) != 2 {
		t.Fatalf("%d entries, want 2", len(files))
	}
	marks := map[string]int{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var e struct {
			Checked string `json:"checked"`
		}
		if err := json.Unmarshal(data, &e); err != nil {
			t.Fatal(err)
		}
		marks[e.Checked]++
	}
	if marks["valid"] != 1 || marks["repaired"] != 1 {
		t.Errorf("marks %v, want one valid and one repaired", marks)
	}
	srv.Close()
	dead := llm.OpenAI(&llm.OpenAIOptions{BaseURL: srv.BaseURL(), Model: "m", MaxAttempts: 1})
	for _, mode := range []llm.CacheMode{llm.CacheReplayOnly, llm.CacheReadWrite} {
		reply, err := llm.Structured(ctx, llm.Cached(dead, dir, mode), contractReq(), contractSchema, nil)
		if err != nil || reply.Attempts != 2 || !reply.Response.Cached {
			t.Errorf("%v: %+v, %v; want the two-attempt exchange replayed", mode, reply, err)
		}
	}
	if n := len(cacheFiles(t, dir)); n != 2 {
		t.Errorf("%d entries after replays, want 2", n)
	}
}

// Entries recorded before replies were checked (no mark) that are invalid
// are removed in record mode and the model asked again; replay-only mode
// leaves the directory alone and fails the item.
func TestCacheForgetsUncheckedInvalidEntry(t *testing.T) {
	dir := t.TempDir()
	ctx := context.Background()
	prose := "I cannot answer in JSON."
	old := llmtest.New(t, llmtest.Steps(prose))
	// What an earlier version did: a raw Complete records every reply.
	oldRec := llm.Cached(old.Model(&llm.OpenAIOptions{Model: "m"}), dir, llm.CacheReadWrite)
	r := contractReq()
	r2 := *r
	r2.Messages = append([]llm.Message{llm.System(r.Messages[0].Content + "\n\nReply with exactly one JSON value and nothing else: no prose, no code fences. The value must satisfy this JSON Schema:\n" + contractSchema.String())}, r.Messages[1:]...)
	r2.JSON = true
	if _, err := oldRec.Complete(ctx, &r2); err != nil {
		t.Fatal(err)
	}
	if n := len(cacheFiles(t, dir)); n != 1 {
		t.Fatalf("%d entries, want the prose one", n)
	}
	replay := llm.Cached(llm.OpenAI(&llm.OpenAIOptions{BaseURL: old.BaseURL(), Model: "m", MaxAttempts: 1}), dir, llm.CacheReplayOnly)
	if _, err := llm.Ask[contract](ctx, replay, contractReq(), contractSchema, nil); err == nil {
		t.Error("replay of prose: no error")
	}
	if n := len(cacheFiles(t, dir)); n != 1 {
		t.Fatalf("replay-only changed the cache: %d entries", n)
	}

	goodSrv := llmtest.New(t, llmtest.Steps(good))
	reply, err := llm.Structured(ctx, llm.Cached(goodSrv.Model(&llm.OpenAIOptions{Model: "m"}), dir, llm.CacheReadWrite), contractReq(), contractSchema, nil)
	if err != nil {
		t.Fatal(err)
	}
	if reply.Attempts != 1 || reply.Response.Cached {
		t.Errorf("attempts %d, cached %v: want the first request asked of the model again", reply.Attempts, reply.Response.Cached)
	}
	if n := len(goodSrv.Requests()); n != 1 {
		t.Errorf("%d requests reached the working server, want 1", n)
	}
}
