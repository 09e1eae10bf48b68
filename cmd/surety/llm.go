package main

import (
	"flag"
	"fmt"
	"io"
	"path/filepath"

	"github.com/suretydev/surety/llm"
)

// modelFlags are the flags every command that asks a language model shares.
// The model itself is configured from the environment, as OpenAI's own
// tools do: OPENAI_BASE_URL, OPENAI_API_KEY and SURETY_MODEL.
type modelFlags struct {
	cache     string
	cacheMode string
	budget    int
	estimate  bool
}

func (f *modelFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.cache, "cache", filepath.Join(".surety", "cache"), "directory of the response cache")
	fs.StringVar(&f.cacheMode, "cache-mode", "record", "response cache: record (read and write), replay (never ask the model), or off")
	fs.IntVar(&f.budget, "budget", 0, "stop asking the model once this many tokens are spent (0: no limit)")
	fs.BoolVar(&f.estimate, "estimate", false, "ask nothing: print the requests and tokens the run would need")
}

// meteredModel is the model a command uses and the report of its use.
type meteredModel struct {
	llm.Model
	report func() llm.Report
}

// model builds the model from the environment and the flags: the OpenAI
// client, under the response cache, under the meter with its budget; or,
// with --estimate, an estimator that asks nothing.
func (f *modelFlags) model(e *env) (*meteredModel, error) {
	name := e.getenv("SURETY_MODEL")
	mode, err := llm.ParseCacheMode(f.cacheMode)
	if err != nil {
		return nil, err
	}
	if f.estimate {
		// Behind the cache, the estimate counts only what is not cached
		// yet: the cost of running (or resuming) for real.
		est := llm.NewEstimator(&llm.EstimateOptions{Model: name})
		var m llm.Model = est
		if mode != llm.CacheOff {
			m = llm.Cached(est, f.cache, llm.CacheReadWrite)
		}
		return &meteredModel{Model: m, report: est.Report}, nil
	}
	if name == "" && mode != llm.CacheReplayOnly {
		return nil, fmt.Errorf("no model: set SURETY_MODEL (and OPENAI_BASE_URL, OPENAI_API_KEY for a server other than OpenAI's), or use --estimate")
	}
	var m llm.Model = llm.OpenAI(&llm.OpenAIOptions{
		BaseURL: e.getenv("OPENAI_BASE_URL"),
		APIKey:  e.getenv("OPENAI_API_KEY"),
		Model:   name,
	})
	if mode != llm.CacheOff {
		m = llm.Cached(m, f.cache, mode)
	}
	meter := llm.Metered(m, &llm.MeterOptions{Budget: f.budget})
	return &meteredModel{Model: meter, report: meter.Report}, nil
}

// printUsage writes the token use per stage.
func printUsage(w io.Writer, r llm.Report) {
	if r.Estimate {
		fmt.Fprintln(w, "estimate (nothing was sent):")
	} else {
		fmt.Fprintln(w, "token use:")
	}
	r.WriteTable(w)
}
