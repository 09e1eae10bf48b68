package llm_test

import (
	"testing"

	"github.com/suretydev/surety/llm"
	"github.com/suretydev/surety/llm/llmtest"
)

// TestProviderConformance holds the providers of this package to the kit:
// "openai" as it is, "scripted" recording into a cache, the one way it
// asks a server.
func TestProviderConformance(t *testing.T) {
	t.Run("openai", func(t *testing.T) {
		t.Parallel()
		llmtest.TestProvider(t, "openai", nil)
	})
	t.Run("scripted", func(t *testing.T) {
		t.Parallel()
		llmtest.TestProvider(t, "scripted", &llmtest.ProviderOptions{
			Config: func(t *testing.T, cfg *llm.ModelConfig) {
				cfg.Name = llm.ScriptedModel
				cfg.Cache, cfg.CacheMode, cfg.RecordScripted = t.TempDir(), llm.CacheReadWrite, true
			},
		})
	})
}
