package surety_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/suretydev/surety/llm"

	"github.com/suretydev/surety"
)

// The calls the command line makes around the pipelines: reading what a
// user names, caches, and printing results for people.

// ExampleMeteredModel_RunError: a run without a model that refused ends
// with its own error; a nil model is safe.
func ExampleMeteredModel_RunError() {
	var m *surety.MeteredModel
	fmt.Println(m.RunError(nil), errors.Is(m.RunError(llm.ErrNoModel), llm.ErrNoModel))
	// Output:
	// <nil> true
}

// ExampleVersion prints the version of surety and of Go it was built with.
func ExampleVersion() {
	fmt.Println(strings.Contains(surety.Version(), "go1"))
	// Output:
	// true
}

// ExampleModelConfigFromEnv reads the model's server from the variables
// OpenAI's own tools read; a value that cannot be used names itself.
func ExampleModelConfigFromEnv() {
	env := map[string]string{"SURETY_MODEL": "qwen3", "OPENAI_BASE_URL": "http://localhost:8000/v1", "SURETY_MAX_TOKENS": "4096"}
	cfg, err := surety.ModelConfigFromEnv(func(k string) string { return env[k] })
	fmt.Println(cfg.Name, cfg.BaseURL, cfg.MaxTokens, err)
	env["SURETY_MAX_TOKENS"] = "many"
	_, err = surety.ModelConfigFromEnv(func(k string) string { return env[k] })
	fmt.Println(err)
	// Output:
	// qwen3 http://localhost:8000/v1 4096 <nil>
	// surety: SURETY_MAX_TOKENS=many: want a number of tokens, 0 for the server's default
}

// ExampleMeteredModel_WriteUsage opens a model that only estimates and
// prints its (empty) token use, as every model command does at the end.
func ExampleMeteredModel_WriteUsage() {
	_, m, err := surety.OpenModel(context.Background(), &surety.ModelConfig{Estimate: true})
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

// ExampleWriteDoctor prints the outside programs found and each engine's
// self-test as soon as it is known, as "surety doctor" does.
func ExampleWriteDoctor() {
	rep, err := surety.WriteDoctor(context.Background(), os.Stdout, &surety.DoctorOptions{Timeout: time.Minute})
	if err == nil && !rep.OK() {
		fmt.Println("a check failed")
	}
}
