package surety_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	_ "github.com/suretydev/surety/frontend/rust"

	"github.com/suretydev/surety/fmagent"

	"github.com/suretydev/surety"
	"github.com/suretydev/surety/llm"
	"github.com/suretydev/surety/llm/llmtest"
)

// ExampleOpenModel opens the model the environment names, as the command
// line does, behind a response cache, and derives the contracts of the
// from_keyword example with it; a scripted server stands in for a real
// one. The second run answers from the cache: the server is not asked.
func ExampleOpenModel() {
	script, _ := llmtest.Load("fmagent/testdata/review.txtar")
	srv, _ := llmtest.Start(script)
	defer srv.Close()
	dir, _ := os.MkdirTemp("", "surety-example")
	defer os.RemoveAll(dir)

	env := map[string]string{"SURETY_MODEL": "llmtest", "OPENAI_BASE_URL": srv.BaseURL(), "OPENAI_API_KEY": "test"}
	cfg, err := surety.ModelConfigFromEnv(func(k string) string { return env[k] }) // os.Getenv in a program
	if err != nil {
		fmt.Println(err)
		return
	}
	cfg.Cache, cfg.CacheMode = filepath.Join(dir, "cache"), llm.CacheReadWrite
	for i := range 2 {
		ctx, m, err := surety.OpenModel(context.Background(), cfg)
		if err != nil {
			fmt.Println(err)
			return
		}
		res, err := fmagent.Contracts(ctx, []string{"examples/fromkeyword/src"},
			&fmagent.ContractsOptions{Model: m, Out: filepath.Join(dir, fmt.Sprint("contracts", i))})
		m.Close()
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("%d functions: %d asked; the server got %d requests\n", res.Functions, res.Asked, len(srv.Requests()))
	}
	// Output:
	// 6 functions: 6 asked; the server got 6 requests
	// 6 functions: 6 asked; the server got 6 requests
}
