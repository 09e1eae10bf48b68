package llm_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/suretydev/surety/llm"
	"github.com/suretydev/surety/llm/llmtest"
)

// benchPrompt is a prompt of about 8 KB, the size of a contract request
// with a function body and its callers' expectations.
var benchPrompt = strings.Repeat("fn from_keyword(s: &str) -> Option<Keyword> { ... }\n", 160)

// BenchmarkCompleteHTTP measures one request through go-openai and the
// scripted server over loopback HTTP: the client's own overhead per call.
func BenchmarkCompleteHTTP(b *testing.B) {
	srv := llmtest.New(b, &llmtest.Script{Steps: []llmtest.Step{{Reply: good, Repeat: -1}}})
	m := srv.Model(nil)
	req := &llm.Request{Messages: []llm.Message{llm.User(benchPrompt)}}
	for b.Loop() {
		if _, err := m.Complete(context.Background(), req); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCacheHit measures answering an 8 KB request from the disk cache.
func BenchmarkCacheHit(b *testing.B) {
	srv := llmtest.New(b, &llmtest.Script{Steps: []llmtest.Step{{Reply: good}}})
	c := llm.Cached(srv.Model(nil), b.TempDir(), llm.CacheReadWrite)
	req := &llm.Request{Messages: []llm.Message{llm.User(benchPrompt)}, PromptVersion: "bench/1"}
	if _, err := c.Complete(context.Background(), req); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		resp, err := c.Complete(context.Background(), req)
		if err != nil || !resp.Cached {
			b.Fatal(resp, err)
		}
	}
}

// BenchmarkAskCached measures Ask's own work on a valid reply
// (fence stripping, schema check, decoding) over a cache hit.
func BenchmarkAskCached(b *testing.B) {
	srv := llmtest.New(b, &llmtest.Script{Steps: []llmtest.Step{{Reply: "```json\n" + good + "\n```"}}})
	c := llm.Cached(srv.Model(nil), b.TempDir(), llm.CacheReadWrite)
	req := &llm.Request{Messages: []llm.Message{llm.User(benchPrompt)}}
	for b.Loop() {
		if _, err := llm.Ask[contract](context.Background(), c, req, contractSchema, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkMeteredConcurrent measures the meter's bookkeeping under
// parallel use, over a model that answers at once.
func BenchmarkMeteredConcurrent(b *testing.B) {
	m := llm.Metered(instant{}, &llm.MeterOptions{Budget: 1 << 62})
	b.RunParallel(func(pb *testing.PB) {
		i := 0
		for pb.Next() {
			i++
			m.Complete(context.Background(), &llm.Request{Messages: []llm.Message{llm.User("q")}, Stage: "s", Item: fmt.Sprint(i % 100)})
		}
	})
}

type instant struct{}

func (instant) Complete(context.Context, *llm.Request) (*llm.Response, error) {
	return &llm.Response{Text: "ok", Usage: llm.Usage{PromptTokens: 1, CompletionTokens: 1}}, nil
}
