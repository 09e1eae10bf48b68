package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"path/filepath"
	"strconv"
	"sync"
	"time"

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

// check validates the flags before any work: a negative budget or an
// unknown cache mode is a usage error.
func (f *modelFlags) check() error {
	if err := notNegative("budget", f.budget, "0: no limit"); err != nil {
		return err
	}
	if _, err := llm.ParseCacheMode(f.cacheMode); err != nil {
		return fmt.Errorf("--cache-mode %q: want record, replay or off", f.cacheMode)
	}
	return nil
}

// meteredModel is the model a command uses and the report of its use.
type meteredModel struct {
	llm.Model
	report func() llm.Report
	stop   *stopModel // nil with --estimate
	// by names who answers, for the verdicts: a language model, or the
	// source a replayed cache records (scripted replies say so).
	by string
}

// scriptedModel is the model name of replies written by hand: a script
// played by a test server and recorded in a cache. They are no language
// model's, so the name is only replayed from a cache whose sources say
// it holds such replies.
const scriptedModel = "scripted"

// checkScripted refuses SURETY_MODEL=scripted anywhere but in replay from
// a cache that records scripted replies, and returns that cache's source.
func (f *modelFlags) checkScripted(e *env, mode llm.CacheMode) (*llm.CacheSource, error) {
	if mode != llm.CacheReplayOnly && !(e.recordScripted && mode == llm.CacheReadWrite) {
		return nil, fmt.Errorf("SURETY_MODEL=scripted names replies written by hand, not a language model: it only replays a cache recorded from a script (--cache-mode replay); set SURETY_MODEL to a model your server serves")
	}
	src, err := llm.CacheSourceOf(f.cache, scriptedModel)
	if err != nil {
		return nil, err
	}
	if mode == llm.CacheReplayOnly && (src == nil || !src.Scripted) {
		return nil, fmt.Errorf("SURETY_MODEL=scripted: --cache %s records no scripted replies (its %s names none); set SURETY_MODEL to a model your server serves", f.cache, llm.CacheSourcesFile)
	}
	return src, nil
}

// refused returns the error that stopped the run: the model server
// refused a request in a way that will not get better. Nil if none did.
func (m *meteredModel) refused() error {
	if m == nil || m.stop == nil {
		return nil
	}
	return m.stop.refused()
}

// failRefused prints the one line that says why the model server cannot
// be used and returns exit status 2.
func failRefused(e *env, name string, err error) int {
	fmt.Fprintf(e.stderr, "surety %s: the model server refused a request, and it will not get better: %v; check OPENAI_BASE_URL, OPENAI_API_KEY and SURETY_MODEL\n", name, err)
	return 2
}

// stopModel passes requests on to the server's client until one fails in
// a way that asking again cannot mend: HTTP 401 or 403 (a wrong key) or
// 404 (a wrong model or address). From then on it refuses every request
// with that error, without sending it, and cancels the run, so that a bad
// configuration costs one request rather than one per function.
type stopModel struct {
	llm.Model
	cancel context.CancelCauseFunc

	mu  sync.Mutex
	err error
}

func (s *stopModel) Name() string { return llm.NameOf(s.Model) }

func (s *stopModel) refused() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.err
}

func (s *stopModel) Complete(ctx context.Context, req *llm.Request) (*llm.Response, error) {
	if err := s.refused(); err != nil {
		return nil, err
	}
	resp, err := s.Model.Complete(ctx, req)
	var ae *llm.APIError
	if errors.As(err, &ae) && (ae.Status == http.StatusUnauthorized || ae.Status == http.StatusForbidden || ae.Status == http.StatusNotFound) {
		s.mu.Lock()
		if s.err == nil {
			s.err = err
		}
		s.mu.Unlock()
		if s.cancel != nil {
			s.cancel(err)
		}
	}
	return resp, err
}

// model builds the model from the environment and the flags: the OpenAI
// client, under the response cache, under the meter with its budget; or,
// with --estimate, an estimator that asks nothing. The returned context is
// ctx, cancelled when the server refuses a request for good (see
// meteredModel.refused); the command runs under it.
func (f *modelFlags) model(ctx context.Context, e *env) (context.Context, *meteredModel, error) {
	m, err := f.newModel(e)
	if err != nil || m.stop == nil {
		return ctx, m, err
	}
	ctx, cancel := context.WithCancelCause(ctx)
	m.stop.cancel = cancel
	return ctx, m, nil
}

func (f *modelFlags) newModel(e *env) (*meteredModel, error) {
	name := e.getenv("SURETY_MODEL")
	mode, err := llm.ParseCacheMode(f.cacheMode)
	if err != nil {
		return nil, err
	}
	var src *llm.CacheSource
	if name == scriptedModel {
		if src, err = f.checkScripted(e, mode); err != nil {
			return nil, err
		}
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
	base := e.getenv("OPENAI_BASE_URL")
	// SURETY_JSON_SCHEMA (auto, on, off) and SURETY_MAX_TOKENS tune the
	// client for a server: see llm.SchemaMode and OpenAIOptions.MaxTokens.
	schema := llm.SchemaAuto
	if v := e.getenv("SURETY_JSON_SCHEMA"); v != "" {
		if schema, err = llm.ParseSchemaMode(v); err != nil {
			return nil, fmt.Errorf("SURETY_JSON_SCHEMA=%s: want auto, on or off", v)
		}
	}
	maxTokens := 0
	if v := e.getenv("SURETY_MAX_TOKENS"); v != "" {
		if maxTokens, err = strconv.Atoi(v); err != nil || maxTokens < 0 {
			return nil, fmt.Errorf("SURETY_MAX_TOKENS=%s: want a number of tokens, 0 for the server's default", v)
		}
	}
	stop := &stopModel{Model: llm.OpenAI(&llm.OpenAIOptions{
		BaseURL:   base,
		APIKey:    e.getenv("OPENAI_API_KEY"),
		Model:     name,
		Schema:    schema,
		MaxTokens: maxTokens,
	})}
	var m llm.Model = stop
	by := "language model " + name
	if base != "" {
		by += " at " + base
	}
	switch mode {
	case llm.CacheReplayOnly:
		if src == nil {
			src, err = llm.CacheSourceOf(f.cache, name)
			if err != nil {
				return nil, err
			}
		}
		if src != nil {
			by = src.Label
			if src.Scripted {
				by += " (written by hand, not a language model)"
			}
		}
		by += ", replayed from " + f.cache
	case llm.CacheReadWrite:
		// Say who the replies come from, once, for whoever replays them.
		if src == nil && name != scriptedModel {
			src, err = llm.CacheSourceOf(f.cache, name)
			if err == nil && src == nil {
				err = llm.WriteCacheSource(f.cache, llm.CacheSource{Model: name, Label: "replies of " + by})
			}
			if err != nil {
				return nil, err
			}
		}
	}
	if mode != llm.CacheOff {
		m = llm.Cached(m, f.cache, mode)
	}
	meter := llm.Metered(m, &llm.MeterOptions{Budget: f.budget, Source: by})
	return &meteredModel{Model: meter, report: meter.Report, stop: stop, by: by}, nil
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

// Checks of numeric flags, made before any work: each error names the
// flag, its value and what is allowed, for one line on stderr (exit 2).

// atLeast is an error when v < min.
func atLeast(name string, v, min int) error {
	if v < min {
		return fmt.Errorf("--%s %d: must be at least %d", name, v, min)
	}
	return nil
}

// notNegative is an error when v < 0; zero says what 0 means.
func notNegative(name string, v int, zero string) error {
	if v < 0 {
		return fmt.Errorf("--%s %d: must not be negative (%s)", name, v, zero)
	}
	return nil
}

// notNegativeDuration is an error when d < 0; zero says what 0 means.
func notNegativeDuration(name string, d time.Duration, zero string) error {
	if d < 0 {
		return fmt.Errorf("--%s %v: must not be negative (%s)", name, d, zero)
	}
	return nil
}

// positive is an error when d <= 0.
func positive(name string, d time.Duration) error {
	if d <= 0 {
		return fmt.Errorf("--%s %v: must be positive", name, d)
	}
	return nil
}

// firstError returns the first non-nil error.
func firstError(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// parseFlags parses a command's flags. A bad flag is one line on stderr
// naming it and what is wrong, then a pointer to the usage (exit 2); -h
// prints the usage and every flag (exit 0). ok is false when the command
// must stop with status code.
func parseFlags(e *env, fs *flag.FlagSet, args []string) (code int, ok bool) {
	fs.SetOutput(io.Discard)
	err := fs.Parse(args)
	fs.SetOutput(e.stderr)
	switch {
	case errors.Is(err, flag.ErrHelp):
		if c := commands[fs.Name()]; c != nil {
			fmt.Fprintf(e.stderr, "usage: %s\n\n%s\n\nflags:\n", c.usage, c.short)
		}
		fs.PrintDefaults()
		return 0, false
	case err != nil:
		fmt.Fprintf(e.stderr, "surety %s: %v (run \"surety %s -h\" for the flags)\n", fs.Name(), err, fs.Name())
		return 2, false
	}
	return 0, true
}
