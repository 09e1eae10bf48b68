package llm_test

import (
	"context"
	"errors"
	"fmt"
	"os"

	"github.com/suretydev/surety/llm"
	"github.com/suretydev/surety/llm/llmtest"
)

// A scripted OpenAI-compatible server stands in for OpenAI, vLLM, Ollama
// or a llama.cpp server; the client is the same.
func ExampleOpenAI() {
	srv, _ := llmtest.Start(&llmtest.Script{Steps: []llmtest.Step{
		{Status: 503, RetryAfter: "0"}, // a transient failure, retried
		{Reply: "Paris", PromptTokens: 14, CompletionTokens: 1},
	}})
	defer srv.Close()

	m := llm.OpenAI(&llm.OpenAIOptions{
		BaseURL: srv.BaseURL(), // e.g. http://localhost:11434/v1 for Ollama
		APIKey:  "sk-...",
		Model:   "gpt-4o-mini",
	})
	resp, err := m.Complete(context.Background(), &llm.Request{
		Messages:  []llm.Message{llm.System("Answer in one word."), llm.User("Capital of France?")},
		MaxTokens: 10,
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(resp.Text, resp.FinishReason, resp.Usage.Total(), "tokens after", len(srv.Requests()), "requests")
	// Output: Paris stop 15 tokens after 2 requests
}

// A stage states the schema of the reply it wants; an invalid reply is sent
// back with what is wrong until it is valid or the repairs run out.
func ExampleAsk() {
	srv, _ := llmtest.Start(llmtest.Steps(
		`{"requires": "n >= 0"}`, // wrong type: repaired
		"```json\n{\"requires\": [\"n >= 0\"], \"ensures\": [\"result == n * n\"]}\n```",
	))
	defer srv.Close()
	m := llm.OpenAI(&llm.OpenAIOptions{BaseURL: srv.BaseURL(), Model: "any"})

	schema := llm.MustCompileSchema("contract.json", []byte(`{
	  "type": "object",
	  "properties": {
	    "requires": {"type": "array", "items": {"type": "string"}},
	    "ensures":  {"type": "array", "items": {"type": "string"}}
	  },
	  "required": ["requires", "ensures"]
	}`))
	type Contract struct {
		Requires []string `json:"requires"`
		Ensures  []string `json:"ensures"`
	}
	c, err := llm.Ask[Contract](context.Background(), m, &llm.Request{
		Messages:      []llm.Message{llm.User("Write the contract of square(n).")},
		PromptVersion: "example/1", Stage: "contract", Item: "square",
	}, schema, nil)
	if err != nil {
		var re *llm.ReplyError
		if errors.As(err, &re) {
			fmt.Println("gave up; raw reply kept:", re.Raw)
		}
		return
	}
	fmt.Println(c.Requires, c.Ensures)
	fmt.Println("repair said:", srv.Requests()[1].LastUser())
	// Output:
	// [n >= 0] [result == n * n]
	// repair said: Your reply is not valid: does not satisfy the schema: at '': missing property 'ensures'; at '/requires': got string, want array
	// Reply again with the corrected JSON only.
}

// Record replies once, then rerun from the cache alone: reproducible, free
// and offline.
func ExampleCached() {
	dir, _ := os.MkdirTemp("", "llmcache")
	defer os.RemoveAll(dir)
	srv, _ := llmtest.Start(llmtest.Steps("42"))
	m := llm.OpenAI(&llm.OpenAIOptions{BaseURL: srv.BaseURL(), Model: "m"})
	req := &llm.Request{Messages: []llm.Message{llm.User("6*7?")}, PromptVersion: "calc/1"}

	rec := llm.Cached(m, dir, llm.CacheReadWrite)
	first, _ := rec.Complete(context.Background(), req)
	srv.Close() // the model is gone

	replay := llm.Cached(m, dir, llm.CacheReplayOnly)
	again, _ := replay.Complete(context.Background(), req)
	_, err := replay.Complete(context.Background(), &llm.Request{Messages: []llm.Message{llm.User("6*8?")}})
	fmt.Println(first.Text, first.Cached, again.Text, again.Cached, errors.Is(err, llm.ErrCacheMiss))
	// Output: 42 false 42 true true
}

// Count tokens per stage and item, and stop once a budget is spent.
func ExampleMetered() {
	srv, _ := llmtest.Start(&llmtest.Script{Steps: []llmtest.Step{
		{Reply: "ok", PromptTokens: 900, CompletionTokens: 200, Repeat: -1},
	}})
	defer srv.Close()
	m := llm.Metered(llm.OpenAI(&llm.OpenAIOptions{BaseURL: srv.BaseURL()}), &llm.MeterOptions{Budget: 2000})
	for _, fn := range []string{"lex", "parse", "eval"} {
		_, err := m.Complete(context.Background(), &llm.Request{
			Messages: []llm.Message{llm.User("contract of " + fn)}, Stage: "contract", Item: fn,
		})
		if errors.Is(err, llm.ErrBudget) {
			fmt.Println(fn, "skipped: budget spent")
		}
	}
	r := m.Report()
	r.WriteTable(os.Stdout)
	// Output:
	// eval skipped: budget spent
	// stage     items  requests  cached  failed  prompt tokens  completion tokens
	// contract  3      2         0       1       1800           400
	// total     3      2         0       1       1800           400
	// budget: 2200 of 2000 tokens spent
}

// A dry run: the stage sees ErrEstimate, records the item as planned, and
// moves on; the Estimator adds up what the run would send.
func ExampleNewEstimator() {
	est := llm.NewEstimator(&llm.EstimateOptions{CompletionTokens: 300})
	for _, fn := range []string{"lex", "parse"} {
		_, err := est.Complete(context.Background(), &llm.Request{
			Messages: []llm.Message{llm.System("You write contracts."), llm.User("Contract of " + fn + "?")},
			Stage:    "contract", Item: fn,
		})
		fmt.Println(fn, errors.Is(err, llm.ErrEstimate))
	}
	t := est.Report().Total
	fmt.Println(t.Requests, "requests,", t.PromptTokens, "prompt tokens,", t.CompletionTokens, "completion tokens")
	// Output:
	// lex true
	// parse true
	// 2 requests, 35 prompt tokens, 600 completion tokens
}
