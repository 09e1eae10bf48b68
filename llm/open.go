package llm

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"sync"

	"github.com/suretydev/surety/work"
)

// ScriptedModel is the model name of replies written by hand: a script
// played by a test server and recorded in a cache. They are no language
// model's, so OpenModel replays the name only from a cache whose sources
// say it holds such replies.
const ScriptedModel = "scripted"

// ModelConfig says which language model the pipelines ask and how: the
// provider and its server, the response cache in front of it and the
// token budget. ModelConfigFromEnv fills the server's part from the
// variables OpenAI's own tools read. OpenModel does not modify it.
type ModelConfig struct {
	// Provider names the registered Provider that opens the server's
	// client (see Register). "" means "openai", the OpenAI-compatible
	// client, except that Name ScriptedModel always means "scripted".
	Provider string
	// Name is the model the server serves (SURETY_MODEL). "" is an
	// error, except in replay from the cache or with Estimate.
	// ScriptedModel only replays a cache recorded from a script.
	Name string
	// BaseURL is the server's address (OPENAI_BASE_URL); "" is OpenAI's.
	BaseURL string
	// APIKey is the server's key (OPENAI_API_KEY); "" sends none.
	APIKey string
	// Schema (SURETY_JSON_SCHEMA) and MaxTokens (SURETY_MAX_TOKENS)
	// tune the client for a server: see SchemaMode and
	// OpenAIOptions.MaxTokens. The zero values are SchemaAuto and the
	// server's default.
	Schema    SchemaMode
	MaxTokens int

	// Cache is the directory of the response cache, used as CacheMode
	// says; the zero CacheMode (CacheOff) uses none, and any other
	// needs a directory or a CacheStore.
	Cache     string
	CacheMode CacheMode
	// CacheStore, if not nil, keeps the replies instead of the directory
	// Cache (with the same keys): a store that several machines share,
	// such as work/nats's. Cache, if given, still keeps the file that
	// says where the replies come from (CacheSourcesFile).
	CacheStore work.Store
	// Budget stops asking once this many tokens are spent; 0 is no limit.
	Budget int
	// Estimate asks nothing: the model counts the requests and tokens a
	// run would need, beyond what the cache already holds.
	Estimate bool
	// RecordScripted lets Name ScriptedModel record a cache (CacheMode
	// CacheReadWrite); only the test that records a script's replies
	// sets it.
	RecordScripted bool
}

// ModelConfigFromEnv reads the model's server from the environment
// through getenv (os.Getenv, or a map in a test): SURETY_MODEL,
// OPENAI_BASE_URL, OPENAI_API_KEY, SURETY_JSON_SCHEMA (auto, on or off)
// and SURETY_MAX_TOKENS. The cache, budget and estimate fields are left
// zero. A variable that cannot be read is an error naming it and its value.
func ModelConfigFromEnv(getenv func(string) string) (*ModelConfig, error) {
	cfg := &ModelConfig{Name: getenv("SURETY_MODEL"), BaseURL: getenv("OPENAI_BASE_URL"), APIKey: getenv("OPENAI_API_KEY")}
	var err error
	if v := getenv("SURETY_JSON_SCHEMA"); v != "" {
		if cfg.Schema, err = ParseSchemaMode(v); err != nil {
			return nil, fmt.Errorf("llm: SURETY_JSON_SCHEMA=%s: want auto, on or off", v)
		}
	}
	if v := getenv("SURETY_MAX_TOKENS"); v != "" {
		if cfg.MaxTokens, err = strconv.Atoi(v); err != nil || cfg.MaxTokens < 0 {
			return nil, fmt.Errorf("llm: SURETY_MAX_TOKENS=%s: want a number of tokens, 0 for the server's default", v)
		}
	}
	return cfg, nil
}

// A MeteredModel is the model OpenModel opens: the server's client under
// the response cache, under the meter with its budget (or, with Estimate,
// an estimator that asks nothing). Pass it as a pipeline's Model. It is
// safe for concurrent use.
type MeteredModel struct {
	Model
	// By names who answers, for the verdicts: a language model and its
	// server, or the source a replayed cache records (scripted replies
	// say so).
	By     string
	report func() Report
	stop   *stopModel // nil with Estimate
}

// Report is the token use so far, per stage (an estimate with Estimate).
func (m *MeteredModel) Report() Report { return m.report() }

// WriteUsage writes the token use per stage for people, under a line that
// says whether it is an estimate.
func (m *MeteredModel) WriteUsage(w io.Writer) error {
	r := m.report()
	head := "token use:"
	if r.Estimate {
		head = "estimate (nothing was sent):"
	}
	if _, err := fmt.Fprintln(w, head); err != nil {
		return err
	}
	return r.WriteTable(w)
}

// Refused returns the error that stopped the run: the server refused a
// request in a way that will not get better (HTTP 401, 403 or 404: a wrong
// key, model or address). Nil if none did, and for a nil m.
func (m *MeteredModel) Refused() error {
	if m == nil || m.stop == nil {
		return nil
	}
	return m.stop.refused()
}

// RunError is the error to report for a run that asked m and ended with
// err: when the server refused a request for good (Refused), an error that
// says so and what to set; else err. It is safe on a nil m.
func (m *MeteredModel) RunError(err error) error {
	if rerr := m.Refused(); rerr != nil {
		return fmt.Errorf("llm: the model server refused a request, and it will not get better: %v; check OPENAI_BASE_URL, OPENAI_API_KEY and SURETY_MODEL", rerr)
	}
	return err
}

// Close releases the context OpenModel returned. It is safe on a nil m
// and more than once.
func (m *MeteredModel) Close() error {
	if m != nil && m.stop != nil && m.stop.cancel != nil {
		m.stop.cancel(nil)
	}
	return nil
}

// OpenModel opens the model cfg describes. The returned context is ctx,
// cancelled when the server refuses a request for good (see Refused), so
// that a bad configuration costs one request rather than one per
// function: run the pipeline under it, and Close the model when done.
// Errors say what to set; none is sent to the server.
func OpenModel(ctx context.Context, cfg *ModelConfig) (context.Context, *MeteredModel, error) {
	if cfg == nil {
		cfg = &ModelConfig{}
	}
	m, err := openModel(cfg)
	if err != nil {
		return ctx, nil, err
	}
	if m.stop == nil {
		return ctx, m, nil
	}
	ctx, m.stop.cancel = context.WithCancelCause(ctx)
	return ctx, m, nil
}

func openModel(cfg *ModelConfig) (*MeteredModel, error) {
	mode, name := cfg.CacheMode, cfg.Name
	if mode != CacheOff && cfg.Cache == "" && cfg.CacheStore == nil {
		return nil, fmt.Errorf("llm: the response cache (%s) needs a directory", mode)
	}
	// The provider comes first, even for an estimate, so that its
	// refusals (a scripted model outside replay) come before any work.
	p, err := Lookup(cfg.provider())
	if err != nil {
		return nil, err
	}
	client, err := p.Open(cfg)
	if err != nil {
		return nil, err
	}
	if cfg.Estimate {
		// Behind the cache, the estimate counts only what is not cached
		// yet: the cost of running (or resuming) for real.
		est := NewEstimator(&EstimateOptions{Model: name})
		var m Model = est
		if mode != CacheOff {
			m = cached(cfg, est, CacheReadWrite)
		}
		return &MeteredModel{Model: m, report: est.Report}, nil
	}
	if name == "" && mode != CacheReplayOnly {
		return nil, fmt.Errorf("llm: no model: set SURETY_MODEL (and OPENAI_BASE_URL, OPENAI_API_KEY for a server other than OpenAI's), or use --estimate")
	}
	stop := &stopModel{Model: client}
	var m Model = stop
	by := "language model " + name
	if cfg.BaseURL != "" {
		by += " at " + cfg.BaseURL
	}
	var src *CacheSource
	switch mode {
	case CacheReplayOnly:
		if cfg.Cache != "" {
			if src, err = CacheSourceOf(cfg.Cache, name); err != nil {
				return nil, err
			}
		}
		if src != nil {
			by = src.Label
			if src.Scripted {
				by += " (written by hand, not a language model)"
			}
		}
		by += ", replayed from " + cacheName(cfg)
	case CacheReadWrite:
		// Say who the replies come from, once, for whoever replays them.
		if name != ScriptedModel && cfg.Cache != "" {
			src, err = CacheSourceOf(cfg.Cache, name)
			if err == nil && src == nil {
				err = WriteCacheSource(cfg.Cache, CacheSource{Model: name, Label: "replies of " + by})
			}
			if err != nil {
				return nil, err
			}
		}
	}
	if mode != CacheOff {
		m = cached(cfg, m, mode)
	}
	meter := Metered(m, &MeterOptions{Budget: cfg.Budget, Source: by})
	return &MeteredModel{Model: meter, By: by, report: meter.Report, stop: stop}, nil
}

// provider is the name of the Provider cfg asks for.
func (cfg *ModelConfig) provider() string {
	switch {
	case cfg.Name == ScriptedModel:
		return "scripted"
	case cfg.Provider == "":
		return "openai"
	}
	return cfg.Provider
}

// cached is m under the response cache of cfg, in mode.
func cached(cfg *ModelConfig, m Model, mode CacheMode) *Cache {
	if cfg.CacheStore != nil {
		return CachedIn(m, cfg.CacheStore, mode)
	}
	return Cached(m, cfg.Cache, mode)
}

// cacheName names the response cache of cfg for people.
func cacheName(cfg *ModelConfig) string {
	if cfg.CacheStore != nil {
		return fmt.Sprint(cfg.CacheStore)
	}
	return cfg.Cache
}

// scriptedSource refuses ScriptedModel anywhere but in replay from a cache
// that records scripted replies (or in recording, with RecordScripted),
// and returns that cache's source. The "scripted" Provider calls it.
func scriptedSource(cfg *ModelConfig) (*CacheSource, error) {
	mode := cfg.CacheMode
	if mode != CacheReplayOnly && !(cfg.RecordScripted && mode == CacheReadWrite) {
		return nil, fmt.Errorf("llm: SURETY_MODEL=scripted names replies written by hand, not a language model: it only replays a cache recorded from a script (--cache-mode replay); set SURETY_MODEL to a model your server serves")
	}
	src, err := CacheSourceOf(cfg.Cache, ScriptedModel)
	if err != nil {
		return nil, err
	}
	if mode == CacheReplayOnly && (src == nil || !src.Scripted) {
		return nil, fmt.Errorf("llm: SURETY_MODEL=scripted: --cache %s records no scripted replies (its %s names none); set SURETY_MODEL to a model your server serves", cfg.Cache, CacheSourcesFile)
	}
	return src, nil
}

// stopModel passes requests on to the server's client until one fails in
// a way that asking again cannot mend: HTTP 401 or 403 (a wrong key) or
// 404 (a wrong model or address). From then on it refuses every request
// with that error, without sending it, and cancels the run.
type stopModel struct {
	Model
	cancel context.CancelCauseFunc

	mu  sync.Mutex
	err error
}

func (s *stopModel) Name() string { return NameOf(s.Model) }

func (s *stopModel) refused() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.err
}

func (s *stopModel) Complete(ctx context.Context, req *Request) (*Response, error) {
	if err := s.refused(); err != nil {
		return nil, err
	}
	resp, err := s.Model.Complete(ctx, req)
	var ae *APIError
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
