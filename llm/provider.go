package llm

import (
	"github.com/suretydev/surety/registry"
)

// A Provider opens the client of one kind of model server from the
// server's part of a ModelConfig (Name, BaseURL, APIKey, Schema,
// MaxTokens); OpenModel puts the response cache and the meter around it.
// Open must send nothing: errors say what to set. Providers register by
// name (Register); ModelConfig.Provider chooses one.
type Provider interface {
	Open(cfg *ModelConfig) (Model, error)
}

// A ProviderFunc is a function that is a Provider.
type ProviderFunc func(cfg *ModelConfig) (Model, error)

// Open calls f(cfg).
func (f ProviderFunc) Open(cfg *ModelConfig) (Model, error) { return f(cfg) }

var providers = registry.Set[Provider]{Kind: "llm: model provider"}

// The providers of this package: "openai", the OpenAI-compatible client
// (OpenAI, OpenRouter, vLLM, Ollama, the llama.cpp server), and
// "scripted", the same client for ScriptedModel, which only replays a
// cache recorded from a script (or records one, with RecordScripted).
func init() {
	Register("openai", ProviderFunc(openAIProvider))
	Register("scripted", ProviderFunc(scriptedProvider))
}

// Register makes a model provider available by name, as database/sql
// drivers are (see package registry); call it from an init function. It
// panics if p is nil or name is empty or taken. This package registers
// "openai" and "scripted".
func Register(name string, p Provider) { providers.Register(name, p) }

// Lookup returns the registered provider called name. Its error wraps
// registry.ErrUnknown and lists the providers registered.
func Lookup(name string) (Provider, error) { return providers.Lookup(name) }

// Names returns the names of the registered providers, sorted.
func Names() []string { return providers.Names() }

func openAIProvider(cfg *ModelConfig) (Model, error) {
	return OpenAI(&OpenAIOptions{BaseURL: cfg.BaseURL, APIKey: cfg.APIKey,
		Model: cfg.Name, Schema: cfg.Schema, MaxTokens: cfg.MaxTokens}), nil
}

// scriptedProvider refuses ScriptedModel anywhere but in replay from a
// cache that records scripted replies, or in recording with
// RecordScripted; there, the replies come through the OpenAI-compatible
// client (from the cache, or from the script's test server).
func scriptedProvider(cfg *ModelConfig) (Model, error) {
	if _, err := scriptedSource(cfg); err != nil {
		return nil, err
	}
	return openAIProvider(cfg)
}
