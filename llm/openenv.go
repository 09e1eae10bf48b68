package llm

import (
	"context"

	"github.com/suretydev/surety/work"
)

// OpenModelFromEnv is OpenModel for a program that takes its model from
// the environment, as surety's commands and its workers do, so that the two
// open it one way: the server's fields (Name, BaseURL, APIKey, Schema,
// MaxTokens) come from getenv (ModelConfigFromEnv), the rest (the cache,
// budget, estimate) from cfg; nil cfg means no cache. When the cache is on
// and cfg has no CacheStore, store, if not nil, opens the store that keeps
// the replies instead of cfg.Cache (work/nats's Client.Store, for a cache
// that many machines share); it is called only then, and a nil store it
// returns leaves the cache in its directory. cfg is not modified.
func OpenModelFromEnv(ctx context.Context, getenv func(string) string, cfg *ModelConfig,
	store func(ctx context.Context, name string) (work.Store, error)) (context.Context, *MeteredModel, error) {
	env, err := ModelConfigFromEnv(getenv)
	if err != nil {
		return ctx, nil, err
	}
	if cfg != nil {
		c := *cfg
		c.Name, c.BaseURL, c.APIKey, c.Schema, c.MaxTokens = env.Name, env.BaseURL, env.APIKey, env.Schema, env.MaxTokens
		env = &c
	}
	if env.CacheMode != CacheOff && env.CacheStore == nil && store != nil {
		if env.CacheStore, err = store(ctx, "llm"); err != nil {
			return ctx, nil, err
		}
	}
	return OpenModel(ctx, env)
}
