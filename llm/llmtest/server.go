package llmtest

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/suretydev/surety/llm"
)

// TB is the part of testing.TB a Server needs.
type TB interface {
	Helper()
	Errorf(format string, args ...any)
	Fatalf(format string, args ...any)
	Cleanup(func())
}

// A Request is one request the Server received, decoded.
type Request struct {
	// Path is the URL path asked for.
	Path string `json:"path"`
	// Authorization is the Authorization header as sent.
	Authorization string `json:"authorization,omitempty"`
	// Model is the model name sent.
	Model    string        `json:"model"`
	Messages []llm.Message `json:"messages"`
	// Temperature is nil when the client sent none.
	Temperature *float64 `json:"temperature,omitempty"`
	// MaxTokens is max_tokens, or max_completion_tokens where that was sent.
	MaxTokens int `json:"max_tokens,omitempty"`
	// Seed is nil when the client sent none.
	Seed *int `json:"seed,omitempty"`
	// JSON is true when response_format asked for JSON: a JSON object
	// (json_object) or a value satisfying a schema (json_schema).
	JSON bool `json:"json,omitempty"`
	// Format is response_format's type as sent ("json_object",
	// "json_schema", "text"); "" when none was sent.
	Format string `json:"format,omitempty"`
	// SchemaName and Schema are the json_schema's name and schema, as
	// sent, when Format is "json_schema"; Schema is also a schema sent
	// inside json_object (response_format's "schema").
	SchemaName string          `json:"schema_name,omitempty"`
	Schema     json.RawMessage `json:"schema,omitempty"`
	// Step is the name of the step that answered; "" if none matched.
	Step string `json:"step,omitempty"`
}

// LastUser returns the content of the last user message, or "".
func (r *Request) LastUser() string {
	for i := len(r.Messages) - 1; i >= 0; i-- {
		if r.Messages[i].Role == llm.RoleUser {
			return r.Messages[i].Content
		}
	}
	return ""
}

// A Server is an OpenAI-compatible HTTP server answering
// POST /v1/chat/completions (and /chat/completions) from a Script. It is
// safe for concurrent use.
type Server struct {
	*httptest.Server

	t      TB
	schema SchemaSupport
	mu     sync.Mutex
	steps  []*stepState
	reqs   []Request
}

type stepState struct {
	Step
	re   *regexp.Regexp
	used int
}

// New starts a Server answering from s and closes it when the test ends.
// A request that no step matches is answered with HTTP 400 (which clients
// do not retry) and reported with t.Errorf. A script that does not check
// (see ParseJSON) stops the test with t.Fatalf.
func New(t TB, s *Script) *Server {
	t.Helper()
	srv, err := Start(s)
	if err != nil {
		t.Fatalf("%v", err)
	}
	srv.t = t
	t.Cleanup(srv.Close)
	return srv
}

// Start starts a Server answering from s outside a test (in an Example, or
// a tool replaying a script); the caller closes it. A request that no step
// matches is answered with HTTP 400.
func Start(s *Script) (*Server, error) {
	if s == nil {
		s = &Script{}
	}
	if err := s.check("script"); err != nil {
		return nil, err
	}
	srv := &Server{schema: s.Schema}
	for i, st := range s.Steps {
		if st.Name == "" {
			st.Name = fmt.Sprintf("step %d", i+1)
		}
		srv.steps = append(srv.steps, &stepState{Step: st, re: regexp.MustCompile(st.Match)})
	}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /v1/chat/completions", srv.handle)
	mux.HandleFunc("POST /chat/completions", srv.handle)
	srv.Server = httptest.NewServer(mux)
	return srv, nil
}

// Steps is a shorthand for a Script of replies answered in order.
func Steps(replies ...string) *Script {
	s := &Script{}
	for _, r := range replies {
		s.Steps = append(s.Steps, Step{Reply: r})
	}
	return s
}

// BaseURL returns the API root to give a client: the server URL + "/v1".
func (s *Server) BaseURL() string { return s.URL + "/v1" }

// Model returns a real llm.OpenAIClient pointed at the server. opts may be
// nil; BaseURL is always the server's, Model defaults to "scripted", and
// Sleep (the wait between retries) to none at all, so tests of retries
// stay fast.
func (s *Server) Model(opts *llm.OpenAIOptions) *llm.OpenAIClient {
	var o llm.OpenAIOptions
	if opts != nil {
		o = *opts
	}
	o.BaseURL = s.BaseURL()
	if o.Model == "" {
		o.Model = "scripted"
	}
	if o.Sleep == nil {
		o.Sleep = func(ctx context.Context, _ time.Duration) error { return ctx.Err() }
	}
	return llm.OpenAI(&o)
}

// Open opens the server's model as a program does, with llm.OpenModel
// from a configuration named "llmtest" (so that a job can name the
// model, and a worker open it), metered, with a token budget (0: none).
// It is closed when the test ends.
func (s *Server) Open(t testing.TB, budget int) *llm.MeteredModel {
	t.Helper()
	_, m, err := llm.OpenModel(context.Background(), &llm.ModelConfig{Name: "llmtest", BaseURL: s.BaseURL(), APIKey: "test", Budget: budget})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { m.Close() })
	return m
}

// Requests returns the requests received so far, in arrival order.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.reqs)
}

// Unused returns the names of the steps with uses left (not counting
// steps that repeat without end), in script order.
func (s *Server) Unused() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []string
	for _, st := range s.steps {
		if st.Repeat >= 0 && st.used < max(st.Repeat, 1) {
			out = append(out, st.Name)
		}
	}
	return out
}

// wireRequest is the part of a chat-completions request the server reads.
type wireRequest struct {
	Model    string `json:"model"`
	Messages []struct {
		Role    string `json:"role"`
		Content string `json:"content"`
	} `json:"messages"`
	Temperature         *float64 `json:"temperature"`
	MaxTokens           int      `json:"max_tokens"`
	MaxCompletionTokens int      `json:"max_completion_tokens"`
	Seed                *int     `json:"seed"`
	Stream              bool     `json:"stream"`
	ResponseFormat      *struct {
		Type       string          `json:"type"`
		Schema     json.RawMessage `json:"schema"`
		JSONSchema *struct {
			Name   string          `json:"name"`
			Schema json.RawMessage `json:"schema"`
		} `json:"json_schema"`
	} `json:"response_format"`
}

func (s *Server) handle(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		writeError(w, http.StatusBadRequest, "llmtest: reading body: "+err.Error())
		return
	}
	var wr wireRequest
	if err := json.Unmarshal(body, &wr); err != nil {
		s.report("llmtest: request body is not JSON: %v", err)
		writeError(w, http.StatusBadRequest, "llmtest: request body is not JSON: "+err.Error())
		return
	}
	if wr.Stream {
		writeError(w, http.StatusBadRequest, "llmtest: streaming is not scripted")
		return
	}
	req := Request{
		Path:          r.URL.Path,
		Authorization: r.Header.Get("Authorization"),
		Model:         wr.Model,
		Temperature:   wr.Temperature,
		MaxTokens:     max(wr.MaxTokens, wr.MaxCompletionTokens),
		Seed:          wr.Seed,
	}
	if rf := wr.ResponseFormat; rf != nil {
		req.Format = rf.Type
		req.JSON = rf.Type == "json_object" || rf.Type == "json_schema"
		if rf.JSONSchema != nil && rf.Type == "json_schema" {
			req.SchemaName, req.Schema = rf.JSONSchema.Name, rf.JSONSchema.Schema
		}
		if rf.Schema != nil && rf.Type == "json_object" {
			req.Schema = rf.Schema
		}
	}
	for _, m := range wr.Messages {
		req.Messages = append(req.Messages, llm.Message{Role: llm.Role(m.Role), Content: m.Content})
	}

	var schema *llm.Schema
	if refuse, status := s.refuses(&req); refuse {
		s.record(req)
		msg := "llmtest: response_format " + req.Format + " with a schema is not supported"
		if s.schema == SchemaInObject {
			msg = "1 validation error: ('body', 'response_format', 'type'): Input should be 'text' or 'json_object'"
		}
		writeError(w, status, msg)
		return
	}
	if s.schema == SchemaHonour && req.Format == "json_schema" || s.schema == SchemaInObject && req.Format == "json_object" && req.Schema != nil {
		var err error
		if req.Schema == nil {
			err = fmt.Errorf("no json_schema.schema")
		} else {
			schema, err = llm.CompileSchema(req.SchemaName, req.Schema)
		}
		if err != nil {
			s.record(req)
			writeError(w, http.StatusBadRequest, "llmtest: response_format schema: "+err.Error())
			return
		}
	}

	s.mu.Lock()
	st := s.pick(req.LastUser())
	if st != nil {
		req.Step = st.Name
	}
	s.reqs = append(s.reqs, req)
	n := len(s.reqs)
	s.mu.Unlock()

	if st == nil {
		s.report("llmtest: request %d: no step matches; last user message: %q", n, clipText(req.LastUser(), 300))
		writeError(w, http.StatusBadRequest, "llmtest: no scripted step matches this request")
		return
	}
	if schema != nil && st.Status < 300 && !st.Raw && st.Finish != llm.FinishLength {
		if err := schema.Check(st.Reply); err != nil {
			s.report("llmtest: request %d: step %q: a server that honours the schema could not send this reply: %v", n, st.Name, err)
		}
	}
	if st.Delay > 0 {
		t := time.NewTimer(st.Delay)
		select {
		case <-r.Context().Done():
			t.Stop()
			return
		case <-t.C:
		}
	}
	s.answer(w, &req, &st.Step)
}

// refuses says whether the server's SchemaSupport refuses req's
// response_format, and with which status.
func (s *Server) refuses(req *Request) (bool, int) {
	switch {
	case s.schema == SchemaRefuse && req.Schema != nil:
		return true, http.StatusBadRequest
	case s.schema == SchemaInObject && req.Format == "json_schema":
		return true, http.StatusInternalServerError
	}
	return false, 0
}

// record keeps req, answered by no step.
func (s *Server) record(req Request) {
	s.mu.Lock()
	s.reqs = append(s.reqs, req)
	s.mu.Unlock()
}

// pick returns the first step with uses left that matches, and uses it.
// s.mu is held.
func (s *Server) pick(lastUser string) *stepState {
	for _, st := range s.steps {
		if st.Repeat >= 0 && st.used >= max(st.Repeat, 1) {
			continue
		}
		if st.re.MatchString(lastUser) {
			st.used++
			return st
		}
	}
	return nil
}

func (s *Server) answer(w http.ResponseWriter, req *Request, st *Step) {
	status := st.Status
	if status == 0 {
		status = http.StatusOK
	}
	if st.RetryAfter != "" {
		w.Header().Set("Retry-After", st.RetryAfter)
	}
	if st.Raw {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		io.WriteString(w, st.Reply)
		return
	}
	if status >= 300 {
		msg := st.Reply
		if msg == "" {
			msg = fmt.Sprintf("llmtest: scripted %d %s", status, http.StatusText(status))
		}
		writeError(w, status, msg)
		return
	}
	finish := st.Finish
	if finish == "" {
		finish = llm.FinishStop
	}
	pt, ct := st.PromptTokens, st.CompletionTokens
	if pt == 0 {
		for _, m := range req.Messages {
			pt += llm.EstimateTokens(m.Content)
		}
	}
	if ct == 0 {
		ct = llm.EstimateTokens(st.Reply)
	}
	reply := map[string]any{
		"id":      "chatcmpl-llmtest-" + strconv.Itoa(len(s.Requests())),
		"object":  "chat.completion",
		"created": 0,
		"model":   req.Model,
		"choices": []any{map[string]any{
			"index":         0,
			"message":       map[string]any{"role": "assistant", "content": st.Reply},
			"finish_reason": finish,
		}},
		"usage": map[string]any{"prompt_tokens": pt, "completion_tokens": ct, "total_tokens": pt + ct},
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(reply)
}

// report tells the test, if there is one, what went wrong.
func (s *Server) report(format string, args ...any) {
	if s.t != nil {
		s.t.Errorf(format, args...)
	}
}

func writeError(w http.ResponseWriter, status int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]any{"error": map[string]any{
		"message": msg, "type": "llmtest_error", "code": status,
	}})
}

func clipText(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "..."
}
