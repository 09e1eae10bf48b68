package llm_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/suretydev/surety/llm"
	"github.com/suretydev/surety/llm/llmtest"
)

// ExampleOpenModel opens the model the environment names, as the command
// line does, behind a response cache, and asks it the same question in
// two runs; a scripted server stands in for a real one. The second run
// answers from the cache: the server is not asked.
func ExampleOpenModel() {
	srv, _ := llmtest.Start(&llmtest.Script{Steps: []llmtest.Step{{Reply: "Paris"}}})
	defer srv.Close()
	dir, _ := os.MkdirTemp("", "cache")
	defer os.RemoveAll(dir)

	env := map[string]string{"SURETY_MODEL": "llmtest", "OPENAI_BASE_URL": srv.BaseURL(), "OPENAI_API_KEY": "test"}
	cfg, err := llm.ModelConfigFromEnv(func(k string) string { return env[k] }) // os.Getenv in a program
	if err != nil {
		fmt.Println(err)
		return
	}
	cfg.Cache, cfg.CacheMode = filepath.Join(dir, "cache"), llm.CacheReadWrite
	for range 2 {
		ctx, m, err := llm.OpenModel(context.Background(), cfg)
		if err != nil {
			fmt.Println(err)
			return
		}
		resp, err := m.Complete(ctx, &llm.Request{Stage: "example", Messages: []llm.Message{llm.User("Capital of France?")}})
		m.Close()
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("%s (cached: %v); the server got %d requests\n", resp.Text, resp.Cached, len(srv.Requests()))
	}
	// Output:
	// Paris (cached: false); the server got 1 requests
	// Paris (cached: true); the server got 1 requests
}

// ExampleModelConfigFromEnv reads the model's server from the variables
// OpenAI's own tools read; a value that cannot be used names itself.
func ExampleModelConfigFromEnv() {
	env := map[string]string{"SURETY_MODEL": "qwen3", "OPENAI_BASE_URL": "http://localhost:8000/v1", "SURETY_MAX_TOKENS": "4096"}
	cfg, err := llm.ModelConfigFromEnv(func(k string) string { return env[k] })
	fmt.Println(cfg.Name, cfg.BaseURL, cfg.MaxTokens, err)
	env["SURETY_MAX_TOKENS"] = "many"
	_, err = llm.ModelConfigFromEnv(func(k string) string { return env[k] })
	fmt.Println(err)
	// Output:
	// qwen3 http://localhost:8000/v1 4096 <nil>
	// llm: SURETY_MAX_TOKENS=many: want a number of tokens, 0 for the server's default
}

// ExampleMeteredModel_WriteUsage opens a model that only estimates and
// prints its (empty) token use, as every model command does at the end.
func ExampleMeteredModel_WriteUsage() {
	_, m, err := llm.OpenModel(context.Background(), &llm.ModelConfig{Estimate: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer m.Close()
	var out strings.Builder
	m.WriteUsage(&out)
	fmt.Println(strings.SplitN(out.String(), "\n", 2)[0], m.Refused())
	// Output:
	// estimate (nothing was sent): <nil>
}

// ExampleMeteredModel_RunError: a run without a model that refused ends
// with its own error; a nil model is safe.
func ExampleMeteredModel_RunError() {
	var m *llm.MeteredModel
	errNoModel := errors.New("no language model given")
	fmt.Println(m.RunError(nil), errors.Is(m.RunError(errNoModel), errNoModel))
	// Output:
	// <nil> true
}

// A package outside surety adds a model provider from its init.
func init() {
	llm.Register("example-echo", llm.ProviderFunc(func(cfg *llm.ModelConfig) (llm.Model, error) {
		return echo{}, nil
	}))
}

// ExampleRegister opens a model through a provider registered by name
// (see this file's init).
func ExampleRegister() {
	ctx, m, err := llm.OpenModel(context.Background(), &llm.ModelConfig{Provider: "example-echo", Name: "echo"})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer m.Close()
	resp, _ := m.Complete(ctx, &llm.Request{Stage: "example", Messages: []llm.Message{llm.User("hello")}})
	fmt.Println(resp.Text, "-", m.By)
	// Output:
	// hello - language model echo
}

// echo is a Model that answers with the last message.
type echo struct{}

func (echo) Complete(_ context.Context, req *llm.Request) (*llm.Response, error) {
	return &llm.Response{Text: req.Messages[len(req.Messages)-1].Content}, nil
}
