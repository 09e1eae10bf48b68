package hoare

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"text/template"

	"github.com/suretydev/surety/contract"
	"github.com/suretydev/surety/llm"
)

// PromptVersion is the version of the templates in prompts/hoare.tmpl; it
// is part of the cache key of every request.
const PromptVersion = "hoare/1"

//go:embed prompts/hoare.tmpl
var promptText string

var prompts = template.Must(template.New("hoare").Parse(promptText))

// The reply schemas of the tasks.
var (
	postSchema      = llm.MustCompileSchema("hoare.post", postSchemaJSON)
	invariantSchema = llm.MustCompileSchema("hoare.invariant", invariantSchemaJSON)
	judgeSchema     = llm.MustCompileSchema("hoare.judge", judgeSchemaJSON)
	translateSchema = llm.MustCompileSchema("hoare.translate", translateSchemaJSON)
)

type judgeReply struct {
	Holds          bool   `json:"holds"`
	Explanation    string `json:"explanation"`
	Counterexample string `json:"counterexample"`
	Trigger        string `json:"trigger"`
}

type translateReply struct {
	Declarations  string   `json:"declarations"`
	Premise       string   `json:"premise"`
	Goal          string   `json:"goal"`
	Uninterpreted []string `json:"uninterpreted"`
}

// promptData is what every template sees.
type promptData struct {
	Name, Requires, Ensures string
	Callees                 []string

	Pre, Code, Exit, Cond, LoopKind, Post, Invariant string
	What, Premise, Goal                              string
	Rejected                                         []string
}

// ask renders the task's template for in's function, asks the model for a
// reply satisfying schema, and decodes it into out; it returns the requests
// and tokens spent, failed attempts included.
func (m *ModelStepper) ask(ctx context.Context, in *Input, task string, d promptData, schema *llm.Schema, out any) (Cost, error) {
	var cost Cost
	if m.Model == nil {
		return cost, errors.New("hoare: ModelStepper needs a Model")
	}
	fill := frame(in)
	fill.Pre, fill.Code, fill.Exit, fill.Cond, fill.LoopKind = d.Pre, d.Code, d.Exit, d.Cond, d.LoopKind
	fill.Post, fill.Invariant, fill.What, fill.Premise, fill.Goal, fill.Rejected = d.Post, d.Invariant, d.What, d.Premise, d.Goal, d.Rejected
	var b strings.Builder
	if err := prompts.ExecuteTemplate(&b, task, fill); err != nil {
		return cost, fmt.Errorf("hoare: %s prompt: %w", task, err)
	}
	req := &llm.Request{
		Messages:      []llm.Message{llm.User(b.String())},
		PromptVersion: PromptVersion,
		Stage:         "hoare." + task,
		Item:          fill.Name,
	}
	reply, err := llm.Structured(ctx, m.Model, req, schema, m.Ask)
	if reply != nil {
		cost.Requests = reply.Attempts
		cost.Usage = reply.Response.Usage
	}
	if err != nil {
		return cost, fmt.Errorf("hoare: %s: %w", task, err)
	}
	if err := json.Unmarshal(reply.JSON, out); err != nil {
		return cost, fmt.Errorf("hoare: %s: %w", task, err)
	}
	return cost, nil
}

func conds(cs []contract.Condition) string {
	if len(cs) == 0 {
		return "nothing"
	}
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = c.Text
	}
	return strings.Join(parts, "; ")
}

//go:embed prompts/post.schema.json
var postSchemaJSON []byte

//go:embed prompts/invariant.schema.json
var invariantSchemaJSON []byte

//go:embed prompts/judge.schema.json
var judgeSchemaJSON []byte

//go:embed prompts/translate.schema.json
var translateSchemaJSON []byte
