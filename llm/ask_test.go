package llm_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/suretydev/surety/llm"
	"github.com/suretydev/surety/llm/llmtest"
)

var contractSchema = llm.MustCompileSchema("contract.json", []byte(`{
  "type": "object",
  "properties": {
    "requires": {"type": "array", "items": {"type": "string"}},
    "ensures":  {"type": "array", "items": {"type": "string"}, "minItems": 1}
  },
  "required": ["requires", "ensures"],
  "additionalProperties": false
}`))

type contract struct {
	Requires []string `json:"requires"`
	Ensures  []string `json:"ensures"`
}

const good = `{"requires": ["s is not empty"], "ensures": ["returns the first byte"]}`

func contractReq() *llm.Request {
	return &llm.Request{
		Messages: []llm.Message{llm.System("You write contracts."), llm.User("Contract for first_byte?")},
		Stage:    "contract", Item: "first_byte",
	}
}

func TestAskRepairsMalformedJSON(t *testing.T) {
	srv := llmtest.New(t, llmtest.Steps(`{"requires": ["s is not empty"], "ensures": [`, good))
	req := contractReq()
	c, err := llm.Ask[contract](context.Background(), srv.Model(nil), req, contractSchema, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Requires) != 1 || c.Ensures[0] != "returns the first byte" {
		t.Errorf("contract = %+v", c)
	}
	reqs := srv.Requests()
	if len(reqs) != 2 {
		t.Fatalf("%d requests, want 2", len(reqs))
	}
	first, second := reqs[0], reqs[1]
	if !first.JSON || len(first.Messages) != 2 || !strings.HasPrefix(first.Messages[0].Content, "You write contracts.\n\n") ||
		!strings.Contains(first.Messages[0].Content, contractSchema.String()) {
		t.Errorf("first request: json=%v messages=%+v", first.JSON, first.Messages)
	}
	if len(second.Messages) != 4 || second.Messages[2].Role != llm.RoleAssistant ||
		!strings.Contains(second.LastUser(), "not valid JSON") {
		t.Errorf("repair request messages = %+v", second.Messages)
	}
	if len(req.Messages) != 2 || req.Messages[0].Content != "You write contracts." || req.JSON {
		t.Errorf("caller's request was changed: %+v", req)
	}
}

func TestAskRepairsSchemaViolation(t *testing.T) {
	srv := llmtest.New(t, llmtest.Steps(`{"requires": "s is not empty", "ensures": []}`, "```json\n"+good+"\n```"))
	reply, err := llm.Structured(context.Background(), srv.Model(nil), contractReq(), contractSchema, nil)
	if err != nil {
		t.Fatal(err)
	}
	if reply.Attempts != 2 || string(reply.JSON) != good {
		t.Errorf("attempts %d json %s", reply.Attempts, reply.JSON)
	}
	repair := srv.Requests()[1].LastUser()
	if !strings.Contains(repair, "/requires") || !strings.Contains(repair, "/ensures") {
		t.Errorf("repair message does not say where: %q", repair)
	}
}

func TestAskGivesUpKeepingRawReply(t *testing.T) {
	srv := llmtest.New(t, llmtest.Steps(`{"requires": []}`, `Sure! Here is the contract: requires nothing.`))
	_, err := llm.Ask[contract](context.Background(), srv.Model(nil), contractReq(), contractSchema, &llm.AskOptions{Repairs: 1})
	var re *llm.ReplyError
	if !errors.As(err, &re) {
		t.Fatalf("err = %v, want *ReplyError", err)
	}
	if re.Raw != `Sure! Here is the contract: requires nothing.` || re.Attempts != 2 || re.Stage != "contract" || re.Item != "first_byte" {
		t.Errorf("ReplyError = %+v", re)
	}
	if !strings.Contains(err.Error(), "not valid JSON") || len(srv.Requests()) != 2 {
		t.Errorf("err %q after %d requests", err, len(srv.Requests()))
	}
}

func TestAskTruncatedReply(t *testing.T) {
	srv := llmtest.New(t, &llmtest.Script{Steps: []llmtest.Step{
		{Reply: `{"requires": [], "ensures": ["x"]}`, Finish: "length"}, // valid JSON, but cut off
		{Reply: good},
	}})
	c, err := llm.Ask[contract](context.Background(), srv.Model(nil), contractReq(), contractSchema, nil)
	if err != nil || len(c.Ensures) != 1 {
		t.Fatalf("contract %+v err %v", c, err)
	}
	if !strings.Contains(srv.Requests()[1].LastUser(), "cut off") {
		t.Errorf("repair message = %q", srv.Requests()[1].LastUser())
	}

	srv = llmtest.New(t, &llmtest.Script{Steps: []llmtest.Step{{Reply: `{"requires": [`, Finish: "length", Repeat: -1}}})
	_, err = llm.Ask[contract](context.Background(), srv.Model(nil), contractReq(), contractSchema, nil)
	var re *llm.ReplyError
	if !errors.Is(err, llm.ErrTruncated) || !errors.As(err, &re) || re.Attempts != 3 || re.Raw != `{"requires": [` {
		t.Errorf("err = %v", err)
	}
}

func TestAskDecodeMismatchRepaired(t *testing.T) {
	srv := llmtest.New(t, llmtest.Steps(`{"n": "three"}`, `{"n": 3}`))
	v, err := llm.Ask[struct{ N int }](context.Background(), srv.Model(nil), &llm.Request{Messages: []llm.Message{llm.User("n?")}}, nil, nil)
	if err != nil || v.N != 3 {
		t.Fatalf("v %+v err %v", v, err)
	}
	r := srv.Requests()
	if len(r[0].Messages) != 1 || !strings.Contains(r[1].LastUser(), "does not decode") {
		t.Errorf("no schema message expected first; repair = %q", r[1].LastUser())
	}
}

func TestAskPassesModelErrorsThrough(t *testing.T) {
	srv := llmtest.New(t, &llmtest.Script{Steps: []llmtest.Step{{Status: 401, Reply: "bad key"}}})
	_, err := llm.Ask[contract](context.Background(), srv.Model(nil), contractReq(), contractSchema, nil)
	var ae *llm.APIError
	var re *llm.ReplyError
	if !errors.As(err, &ae) || ae.Status != 401 || errors.As(err, &re) {
		t.Errorf("err = %v, want the *APIError and no ReplyError", err)
	}
}

func TestAskOptions(t *testing.T) {
	srv := llmtest.New(t, llmtest.Steps(`{"requires": 1}`))
	_, err := llm.Ask[contract](context.Background(), srv.Model(nil),
		&llm.Request{Messages: []llm.Message{llm.User("q")}}, contractSchema,
		&llm.AskOptions{Repairs: -1, OmitSchema: true, NoJSONMode: true})
	var re *llm.ReplyError
	if !errors.As(err, &re) || re.Attempts != 1 {
		t.Fatalf("err = %v, want ReplyError after 1 attempt", err)
	}
	r := srv.Requests()[0]
	if r.JSON || len(r.Messages) != 1 {
		t.Errorf("json %v messages %+v", r.JSON, r.Messages)
	}
}

func TestCompileSchemaErrors(t *testing.T) {
	for _, bad := range []string{`{"type": `, `{"type": 5}`, `{"minItems": "x"}`} {
		if _, err := llm.CompileSchema("bad.json", []byte(bad)); err == nil || !strings.Contains(err.Error(), "bad.json") {
			t.Errorf("%s: err = %v", bad, err)
		}
	}
}

func TestStripFences(t *testing.T) {
	for in, want := range map[string]string{
		"  {\"a\":1}\n":           `{"a":1}`,
		"```json\n{\"a\":1}\n```": `{"a":1}`,
		"```\n[1]\n```\n":         `[1]`,
		"```json {\"a\":1}```":    "```json {\"a\":1}```",
		"text ```json\n1\n```":    "text ```json\n1\n```",
	} {
		if got := llm.StripFences(in); got != want {
			t.Errorf("StripFences(%q) = %q, want %q", in, got, want)
		}
	}
}
