package llm

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net/http"
	"strings"
	"sync/atomic"
	"time"

	openai "github.com/sashabaranov/go-openai"
)

// OpenAIOptions configure the client made by OpenAI. The zero value works:
// it asks api.openai.com with no key and no model name, which the server
// refuses with a clear error. A nil *OpenAIOptions is the zero value. OpenAI
// copies the struct and never changes it.
type OpenAIOptions struct {
	// BaseURL is the API root, ending in /v1 for most servers, such as
	// "http://localhost:11434/v1" (Ollama), "http://localhost:8000/v1"
	// (vLLM), "http://localhost:8080/v1" (llama.cpp server) or
	// "https://openrouter.ai/api/v1". "" means https://api.openai.com/v1.
	BaseURL string
	// APIKey is sent as a bearer token; "" sends none.
	APIKey string
	// Model is the model name sent with each request, such as
	// "gpt-4o-mini". Some servers (llama.cpp) ignore it.
	Model string
	// Schema says how a request with JSON and a Schema asks for its
	// reply's shape; see SchemaMode. The zero value is SchemaAuto.
	Schema SchemaMode
	// MaxTokens is sent as max_tokens with each request whose MaxTokens
	// is 0, so that a model that rambles stops; 0 sends none (the
	// server's default, often the whole context).
	MaxTokens int

	// MaxAttempts is how many times one request is tried in all; 0 means 5,
	// 1 means no retries. Only failures that may pass are retried: HTTP 408,
	// 429 and 5xx, a malformed or empty reply body, an attempt that timed
	// out, and a connection error. HTTP 400, 401, 403, 404 and the like are
	// returned at once.
	MaxAttempts int
	// BaseDelay is the wait before the first retry; it doubles with each
	// further retry up to MaxDelay, and each wait is drawn at random from its
	// upper half (jitter). 0 means 1s.
	BaseDelay time.Duration
	// MaxDelay caps the backoff; 0 means 60s.
	MaxDelay time.Duration
	// MaxRetryAfter is the longest Retry-After the client will wait for. A
	// server asking for longer (an exhausted daily quota, say) makes the
	// request fail at once with its *APIError. 0 means 5 minutes.
	MaxRetryAfter time.Duration
	// Timeout bounds each attempt; an attempt that runs out is retried.
	// 0 means 10 minutes.
	Timeout time.Duration
	// HTTPClient sends the requests; nil means a new http.Client.
	HTTPClient *http.Client
	// Sleep waits d before a retry, or returns ctx.Err() if ctx ends first.
	// nil means a timer. Tests put a recorder here to keep fast.
	Sleep func(ctx context.Context, d time.Duration) error
}

// A SchemaMode says whether the client asks the server to constrain a
// structured reply to its schema (response_format json_schema).
type SchemaMode int

const (
	// SchemaAuto sends json_schema until the server refuses a request
	// with it (HTTP 400 or 422, or an error naming response_format, which
	// is not retried); then the same request goes with the
	// schema inside json_object (response_format {"type": "json_object",
	// "schema": ...}, which llama-cpp-python's server and some hosted
	// APIs read), and if that is refused too, with plain json_object.
	// The first that the server accepts is used from then on, and
	// Structured's checks and repairs do the rest.
	SchemaAuto SchemaMode = iota
	// SchemaOn always sends json_schema; a server's refusal is returned.
	SchemaOn
	// SchemaOff never sends a schema, only json_object.
	SchemaOff
)

// The ways a reply's shape is asked for, from the most constrained; the
// client falls back along them (SchemaAuto).
const (
	levelSchema       = iota // json_schema
	levelObjectSchema        // json_object with "schema"
	levelObject              // json_object
)

// String returns "auto", "on" or "off".
func (m SchemaMode) String() string {
	switch m {
	case SchemaAuto:
		return "auto"
	case SchemaOn:
		return "on"
	case SchemaOff:
		return "off"
	}
	return fmt.Sprintf("SchemaMode(%d)", int(m))
}

// ParseSchemaMode reads "auto", "on" and "off".
func ParseSchemaMode(s string) (SchemaMode, error) {
	switch s {
	case "auto":
		return SchemaAuto, nil
	case "on":
		return SchemaOn, nil
	case "off":
		return SchemaOff, nil
	}
	return 0, fmt.Errorf("llm: unknown schema mode %q (want auto, on or off)", s)
}

// OpenAIClient is a Model that speaks the OpenAI chat-completions API through
// github.com/sashabaranov/go-openai, with retries. It is safe for concurrent
// use.
type OpenAIClient struct {
	opts   OpenAIOptions
	client *openai.Client
	// level is the most constrained format the server accepted
	// (SchemaAuto): levelSchema until it refuses one.
	level atomic.Int32
}

// SchemaRefused reports whether the server refused response_format
// json_schema, so that the client sends the schema inside json_object, or
// plain json_object, since (SchemaAuto).
func (c *OpenAIClient) SchemaRefused() bool { return c.level.Load() > levelSchema }

// OpenAI returns a Model speaking the OpenAI chat-completions API with the
// given options; see OpenAIOptions.
func OpenAI(opts *OpenAIOptions) *OpenAIClient {
	var o OpenAIOptions
	if opts != nil {
		o = *opts
	}
	if o.MaxAttempts <= 0 {
		o.MaxAttempts = 5
	}
	if o.BaseDelay <= 0 {
		o.BaseDelay = time.Second
	}
	if o.MaxDelay <= 0 {
		o.MaxDelay = 60 * time.Second
	}
	if o.MaxRetryAfter <= 0 {
		o.MaxRetryAfter = 5 * time.Minute
	}
	if o.Timeout <= 0 {
		o.Timeout = 10 * time.Minute
	}
	if o.Sleep == nil {
		o.Sleep = sleep
	}
	hc := o.HTTPClient
	if hc == nil {
		hc = &http.Client{}
	}
	cfg := openai.DefaultConfig(o.APIKey)
	if o.BaseURL != "" {
		cfg.BaseURL = o.BaseURL
	}
	cfg.HTTPClient = &capturer{hc}
	return &OpenAIClient{opts: o, client: openai.NewClientWithConfig(cfg)}
}

// Name returns the configured model name.
func (c *OpenAIClient) Name() string { return c.opts.Model }

// Complete sends req and returns the first choice of the reply, retrying as
// OpenAIOptions say. Errors from the server are *APIError; a cancelled ctx
// gives an error matching ctx.Err(). Response.Format says how the reply's
// shape was asked for.
func (c *OpenAIClient) Complete(ctx context.Context, req *Request) (*Response, error) {
	if req == nil {
		return nil, errors.New("llm: nil Request")
	}
	if len(req.Messages) == 0 {
		return nil, errors.New("llm: Request has no messages")
	}
	level := levelObject
	if req.JSON && req.Schema != nil && c.opts.Schema != SchemaOff {
		level = int(c.level.Load())
	}
	var first error
	for {
		fallback := c.opts.Schema == SchemaAuto && level < levelObject && req.JSON && req.Schema != nil
		resp, err := c.send(ctx, c.wire(req, level), c.objectSchema(req, level), fallback)
		if err == nil {
			if level > int(c.level.Load()) {
				c.level.Store(int32(level))
			}
			return resp, nil
		}
		if first == nil {
			first = err
		}
		// A server that does not know a format refuses it: the next,
		// less constrained one tells. Only one it accepts counts.
		if !fallback || !refusesFormat(err) {
			return nil, first
		}
		level++
	}
}

// refusesFormat reports whether err may be a server's refusal of the
// response_format asked: HTTP 400 or 422, or any error status whose
// message names response_format (llama-cpp-python answers a type it does
// not know with 500 and its validation error).
func refusesFormat(err error) bool {
	var ae *APIError
	if !errors.As(err, &ae) {
		return false
	}
	return ae.Status == http.StatusBadRequest || ae.Status == http.StatusUnprocessableEntity ||
		ae.Status >= 400 && (strings.Contains(ae.Body, "response_format") || strings.Contains(ae.Message, "response_format"))
}

// objectSchema is the schema to put inside json_object at level, or nil.
func (c *OpenAIClient) objectSchema(req *Request, level int) json.RawMessage {
	if level != levelObjectSchema || !req.JSON || req.Schema == nil {
		return nil
	}
	return json.RawMessage(req.Schema.String())
}

// send sends wire, retrying as OpenAIOptions say.
// With fallback, a refusal of the format (refusesFormat) is returned at
// once, for Complete to try the next format.
func (c *OpenAIClient) send(ctx context.Context, wire openai.ChatCompletionRequest, objectSchema json.RawMessage, fallback bool) (*Response, error) {
	for attempt := 1; ; attempt++ {
		resp, err := c.once(ctx, wire, objectSchema)
		if err == nil {
			return resp, nil
		}
		if fallback && refusesFormat(err) {
			return nil, err
		}
		if cerr := ctx.Err(); cerr != nil {
			if errors.Is(err, cerr) {
				return nil, err
			}
			return nil, fmt.Errorf("llm: %w (last error: %v)", cerr, err)
		}
		retry, after := retryable(err)
		if !retry {
			return nil, err
		}
		if attempt >= c.opts.MaxAttempts {
			return nil, fmt.Errorf("%w (gave up after %d attempts)", err, attempt)
		}
		if after > c.opts.MaxRetryAfter {
			return nil, fmt.Errorf("%w (server asks to wait %v, more than MaxRetryAfter %v)", err, after, c.opts.MaxRetryAfter)
		}
		d := max(backoff(attempt, c.opts.BaseDelay, c.opts.MaxDelay), after)
		if serr := c.opts.Sleep(ctx, d); serr != nil {
			return nil, fmt.Errorf("llm: %w while waiting %v to retry (last error: %v)", serr, d, err)
		}
	}
}

// wire builds the go-openai request for req, asking for json_schema at
// levelSchema and json_object otherwise.
func (c *OpenAIClient) wire(req *Request, level int) openai.ChatCompletionRequest {
	w := openai.ChatCompletionRequest{
		Model:    c.opts.Model,
		Messages: make([]openai.ChatCompletionMessage, len(req.Messages)),
		// go-openai omits a zero temperature, which servers read as their
		// default (often 1); the smallest positive float is greedy in effect.
		Temperature: float32(req.Temperature),
	}
	if req.Temperature <= 0 {
		w.Temperature = math.SmallestNonzeroFloat32
	}
	// max_tokens, deprecated by OpenAI, is the field every compatible server
	// (vLLM, Ollama, llama.cpp) reads; reasoning models get
	// max_completion_tokens below.
	maxTokens := req.MaxTokens
	if maxTokens == 0 {
		maxTokens = c.opts.MaxTokens
	}
	//lint:ignore SA1019 kept on purpose for compatible servers
	w.MaxTokens = maxTokens
	for i, m := range req.Messages {
		w.Messages[i] = openai.ChatCompletionMessage{Role: string(m.Role), Content: m.Content}
	}
	if req.Seed != 0 {
		seed := req.Seed
		w.Seed = &seed
	}
	switch {
	case req.JSON && req.Schema != nil && level == levelSchema:
		w.ResponseFormat = &openai.ChatCompletionResponseFormat{
			Type: openai.ChatCompletionResponseFormatTypeJSONSchema,
			JSONSchema: &openai.ChatCompletionResponseFormatJSONSchema{
				Name:   schemaName(req.Schema.Name()),
				Schema: json.RawMessage(req.Schema.String()),
				// Not strict: OpenAI's strict mode refuses schemas that
				// leave properties optional; grammar-based servers
				// constrain either way.
				Strict: false,
			},
		}
	case req.JSON:
		w.ResponseFormat = &openai.ChatCompletionResponseFormat{Type: openai.ChatCompletionResponseFormatTypeJSONObject}
	}
	// Reasoning models take max_completion_tokens and no temperature; let
	// go-openai's own table of models decide.
	v := openai.NewReasoningValidator()
	if errors.Is(v.Validate(w), openai.ErrReasoningModelMaxTokensDeprecated) {
		//lint:ignore SA1019 moving the value out of the deprecated field
		w.MaxCompletionTokens, w.MaxTokens = maxTokens, 0
	}
	if err := v.Validate(w); errors.Is(err, openai.ErrReasoningModelLimitationsOther) || errors.Is(err, openai.ErrReasoningSamplingUnsupported) {
		w.Temperature = 0
	}
	return w
}

// schemaName turns a schema's name ("generate.schema.json") into one the
// API accepts (letters, digits, _ and -, at most 64): "generate".
func schemaName(name string) string {
	name = strings.TrimSuffix(strings.TrimSuffix(name, ".json"), ".schema")
	var b strings.Builder
	for _, r := range name {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '_', r == '-':
			b.WriteRune(r)
		default:
			b.WriteByte('_')
		}
	}
	out := b.String()
	if out == "" {
		out = "reply"
	}
	return out[:min(len(out), 64)]
}

// format is the Format of a reply to w, sent with a schema inside
// json_object or not.
func format(w openai.ChatCompletionRequest, objectSchema bool) string {
	switch {
	case w.ResponseFormat == nil:
		return ""
	case objectSchema:
		return FormatJSONObjectSchema
	}
	return string(w.ResponseFormat.Type)
}

// once makes one attempt.
func (c *OpenAIClient) once(ctx context.Context, w openai.ChatCompletionRequest, objectSchema json.RawMessage) (*Response, error) {
	actx, cancel := context.WithTimeout(ctx, c.opts.Timeout)
	defer cancel()
	ex := &exchange{objectSchema: objectSchema}
	r, err := c.client.CreateChatCompletion(context.WithValue(actx, exchangeKey{}, ex), w)
	if err != nil {
		return nil, classify(ctx, actx, ex, err, c.opts.Timeout)
	}
	if len(r.Choices) == 0 {
		// Some proxies answer 200 with an error object and no choices.
		msg := "reply has no choices"
		var eb struct {
			Error struct {
				Message string `json:"message"`
			} `json:"error"`
		}
		if json.Unmarshal(ex.body.Bytes(), &eb) == nil && eb.Error.Message != "" {
			msg += ": " + eb.Error.Message
		}
		return nil, &APIError{Status: ex.status, Body: ex.body.String(), Message: msg}
	}
	ch := r.Choices[0]
	return &Response{
		Text:         ch.Message.Content,
		Usage:        Usage{PromptTokens: r.Usage.PromptTokens, CompletionTokens: r.Usage.CompletionTokens},
		FinishReason: string(ch.FinishReason),
		Model:        r.Model,
		Format:       format(w, objectSchema != nil),
	}, nil
}

// classify turns a go-openai error into one of ours.
func classify(ctx, actx context.Context, ex *exchange, err error, timeout time.Duration) error {
	switch {
	case ctx.Err() != nil:
		return fmt.Errorf("llm: %w", ctx.Err())
	case errors.Is(actx.Err(), context.DeadlineExceeded):
		return &timeoutError{timeout: timeout, err: err}
	case ex.status >= 300 || ex.status != 0 && ex.status < 200:
		e := &APIError{Status: ex.status, Body: ex.body.String(), RetryAfter: retryAfter(ex.header, time.Now())}
		var ae *openai.APIError
		var re *openai.RequestError
		switch {
		case errors.As(err, &ae):
			e.Message = ae.Message
		case errors.As(err, &re) && re.Err != nil:
			e.Message = re.Err.Error()
		}
		return e
	case ex.status != 0:
		// A 2xx whose body did not decode.
		return &APIError{Status: ex.status, Body: ex.body.String(), Message: "malformed reply body: " + err.Error()}
	case ex.sent:
		return &connError{err: err}
	default:
		// Refused before sending (go-openai's own checks): not retryable.
		return fmt.Errorf("llm: %w", err)
	}
}
