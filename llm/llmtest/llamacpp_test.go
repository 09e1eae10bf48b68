//go:build linux

package llmtest_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/suretydev/surety/llm/llmtest"
)

// TestStartLlamaCppNamesWhatIsMissing: without the interpreter, or with a
// model file that is not there, the error wraps ErrNoLlamaCpp and names
// what is missing, for a test to skip with.
func TestStartLlamaCppNamesWhatIsMissing(t *testing.T) {
	_, err := llmtest.StartLlamaCpp(context.Background(), &llmtest.LlamaCppOptions{Python: "no-such-python3"})
	if !errors.Is(err, llmtest.ErrNoLlamaCpp) || !strings.Contains(err.Error(), "no-such-python3 not found") {
		t.Errorf("missing python: %v", err)
	}
	_, err = llmtest.StartLlamaCpp(context.Background(), &llmtest.LlamaCppOptions{Model: "/no/such/model.gguf"})
	if !errors.Is(err, llmtest.ErrNoLlamaCpp) {
		t.Errorf("missing model: %v", err)
	}
}
