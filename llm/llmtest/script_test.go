package llmtest_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/suretydev/surety/llm"
	"github.com/suretydev/surety/llm/llmtest"
)

func TestLoadTxtar(t *testing.T) {
	s, err := llmtest.Load("testdata/contract.txtar")
	if err != nil {
		t.Fatal(err)
	}
	want := []llmtest.Step{
		{Name: "rate-limited", Status: 429, RetryAfter: "1"},
		{Name: "contract", Match: `(?i)contract for \w+`, PromptTokens: 120, CompletionTokens: 30,
			Reply: "```json\n{\"requires\": [\"s is not empty\"], \"ensures\": [\"result is the first byte of s\"]}\n```"},
		{Name: "callee", Match: "callee", Repeat: -1, Finish: "length", Reply: `{"expects": [`},
	}
	if !reflect.DeepEqual(s.Steps, want) {
		t.Errorf("steps\n got %#v\nwant %#v", s.Steps, want)
	}
}

func TestLoadJSON(t *testing.T) {
	s, err := llmtest.Load("testdata/steps.json")
	if err != nil {
		t.Fatal(err)
	}
	want := []llmtest.Step{
		{Name: "slow", Reply: "late", Delay: 20 * time.Millisecond},
		{Name: "broken", Raw: true, Status: 200, Reply: `{"choices": [`},
		{Match: "^hello", Reply: "hi", Repeat: 2},
	}
	if !reflect.DeepEqual(s.Steps, want) {
		t.Errorf("steps\n got %#v\nwant %#v", s.Steps, want)
	}
}

func TestParseErrorsNameFileAndLine(t *testing.T) {
	for _, c := range []struct{ name, text, want string }{
		{"a.txtar", "-- one --\nstatus: 200\n-- two --\nmtach: x\n\nreply\n", "a.txtar:4: step \"two\": unknown header \"mtach\""},
		{"b.txtar", "comment\n-- one --\ndelay: soon\n", "b.txtar:3: step \"one\": delay"},
		{"c.txtar", "-- one --\nstatus: many\n", "c.txtar:2: step \"one\": status: want an integer"},
		{"d.txtar", "-- one --\nmatch: (\n", "d.txtar: one: match"},
		{"e.txtar", "just a comment\n", "e.txtar: no steps"},
		{"f.txtar", "-- one --\nstatus: 42\n", "status 42 is not an HTTP status"},
		{"g.json", "{\"steps\": [\n{\"reply\": \"x\",}\n]}", "g.json:2:"},
		{"h.json", `{"steps": [{"replay": "x"}]}`, `unknown field "replay"`},
		{"i.json", `{"steps": [{"delay": "1 minute"}]}`, "i.json: step 1: delay"},
	} {
		var err error
		if strings.HasSuffix(c.name, ".json") {
			_, err = llmtest.ParseJSON(c.name, []byte(c.text))
		} else {
			_, err = llmtest.ParseTxtar(c.name, []byte(c.text))
		}
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: err = %v, want it to contain %q", c.name, err, c.want)
		}
	}
	if _, err := llmtest.Load("testdata/none.yaml"); err == nil {
		t.Error("Load of a missing file: no error")
	}
}

func TestTxtarReplyStartingLikeAHeader(t *testing.T) {
	s, err := llmtest.ParseTxtar("x", []byte("-- one --\n\nnote: this is the reply\n\nsecond paragraph\n"))
	if err != nil {
		t.Fatal(err)
	}
	if s.Steps[0].Reply != "note: this is the reply\n\nsecond paragraph" {
		t.Errorf("reply %q", s.Steps[0].Reply)
	}
}

// fakeT records what the server reports.
type fakeT struct {
	testing.TB
	errs []string
}

func (f *fakeT) Errorf(format string, args ...any) {
	f.errs = append(f.errs, fmt.Sprintf(format, args...))
}

func TestServerScriptedReplay(t *testing.T) {
	srv := llmtest.NewFile(t, "testdata/contract.txtar")
	m := srv.Model(nil)
	ctx := context.Background()
	type contract struct{ Requires, Ensures []string }
	c, err := llm.Ask[contract](ctx, m, &llm.Request{Messages: []llm.Message{llm.User("Contract for first_byte")}}, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if c.Ensures[0] != "result is the first byte of s" {
		t.Errorf("contract %+v", c)
	}
	for range 3 {
		resp, err := m.Complete(ctx, &llm.Request{Messages: []llm.Message{llm.User("expectations of callee g")}})
		if err != nil || !resp.Truncated() {
			t.Fatalf("callee: %+v %v", resp, err)
		}
	}
	reqs := srv.Requests()
	var steps []string
	for _, r := range reqs {
		steps = append(steps, r.Step)
	}
	if want := []string{"rate-limited", "contract", "callee", "callee", "callee"}; !reflect.DeepEqual(steps, want) {
		t.Errorf("steps used %v, want %v", steps, want)
	}
	if u := srv.Unused(); len(u) != 0 {
		t.Errorf("unused steps %v", u)
	}
}

func TestServerUnmatchedRequestFailsTest(t *testing.T) {
	ft := &fakeT{TB: t}
	srv := llmtest.New(ft, &llmtest.Script{Steps: []llmtest.Step{{Match: "^yes$", Reply: "ok"}, {Name: "spare", Reply: "x", Match: "never"}}})
	_, err := srv.Model(nil).Complete(context.Background(), &llm.Request{Messages: []llm.Message{llm.User("no")}})
	var ae *llm.APIError
	if !errors.As(err, &ae) || ae.Status != http.StatusBadRequest {
		t.Errorf("err = %v, want HTTP 400", err)
	}
	if len(ft.errs) != 1 || !strings.Contains(ft.errs[0], `no step matches; last user message: "no"`) {
		t.Errorf("reported %q", ft.errs)
	}
	if u := srv.Unused(); !reflect.DeepEqual(u, []string{"step 1", "spare"}) {
		t.Errorf("Unused = %v", u)
	}
}

func TestServerPathsAndDelay(t *testing.T) {
	s, err := llmtest.Load("testdata/steps.json")
	if err != nil {
		t.Fatal(err)
	}
	srv := llmtest.New(t, s)
	// Without /v1: the server answers /chat/completions too.
	m := llm.OpenAI(&llm.OpenAIOptions{BaseURL: srv.URL, MaxAttempts: 1})
	ctx := context.Background()
	q := &llm.Request{Messages: []llm.Message{llm.User("hello")}}
	start := time.Now()
	resp, err := m.Complete(ctx, q)
	if err != nil || resp.Text != "late" || time.Since(start) < 20*time.Millisecond {
		t.Fatalf("slow step: %+v %v after %v", resp, err, time.Since(start))
	}
	var ae *llm.APIError
	if _, err := m.Complete(ctx, q); !errors.As(err, &ae) || ae.Status != 200 {
		t.Errorf("broken step: err = %v", err)
	}
	for range 2 {
		if resp, err := m.Complete(ctx, q); err != nil || resp.Text != "hi" {
			t.Errorf("hello step: %+v %v", resp, err)
		}
	}
	if p := srv.Requests()[0].Path; p != "/chat/completions" {
		t.Errorf("path %q", p)
	}
}

// TestServerHonoursSchema: with SchemaHonour a scripted reply that the
// request's schema rejects is a mistake of the script, reported to the
// test; a schema that does not compile is refused with HTTP 400.
func TestServerHonoursSchema(t *testing.T) {
	ft := &fakeT{TB: t}
	srv := llmtest.New(ft, &llmtest.Script{Schema: llmtest.SchemaHonour, Steps: []llmtest.Step{{Name: "prose", Reply: "no JSON here"}}})
	s := llm.MustCompileSchema("x.json", []byte(`{"type": "object"}`))
	_, err := srv.Model(nil).Complete(context.Background(), &llm.Request{Messages: []llm.Message{llm.User("q")}, JSON: true, Schema: s})
	if err != nil {
		t.Fatal(err)
	}
	if len(ft.errs) != 1 || !strings.Contains(ft.errs[0], `step "prose": a server that honours the schema could not send this reply`) {
		t.Errorf("reported %q", ft.errs)
	}
	body := `{"model": "m", "messages": [{"role": "user", "content": "q"}], "response_format": {"type": "json_schema", "json_schema": {"name": "y", "schema": {"$ref": "#/nowhere"}}}}`
	resp, err := http.Post(srv.BaseURL()+"/chat/completions", "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusBadRequest {
		t.Errorf("bad schema: HTTP %d", resp.StatusCode)
	}
}
