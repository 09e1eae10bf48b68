package contract_test

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/suretydev/surety/callgraph"
	"github.com/suretydev/surety/contract"
	"github.com/suretydev/surety/frontend"
	_ "github.com/suretydev/surety/frontend/rust"
	"github.com/suretydev/surety/llm"
	"github.com/suretydev/surety/llm/llmtest"
)

// fromKeyword loads the example crate and its call graph. Method calls on
// a local of unknown type (lx.lex_identifier()) are ambiguous edges; every
// possible caller's expectation matters to a contract, so they take part.
func fromKeyword(t *testing.T) *callgraph.Graph {
	t.Helper()
	prog, ferrs, err := frontend.Load(context.Background(), []string{"../examples/fromkeyword/src"}, &frontend.LoadOptions{Mode: frontend.NeedCalls})
	if err != nil || len(ferrs) > 0 {
		t.Fatal(err, ferrs)
	}
	return callgraph.Build(prog, &callgraph.BuildOptions{IncludeAmbiguous: true})
}

func script(t *testing.T, drop string) *llmtest.Script {
	t.Helper()
	s, err := llmtest.Load(filepath.Join("testdata", "fromkeyword.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	for i := range s.Steps {
		if s.Steps[i].Name == drop {
			s.Steps[i] = llmtest.Step{Name: drop, Match: s.Steps[i].Match, Status: 500, Reply: "the server fell over"}
		}
	}
	return s
}

func record(t *testing.T, res *contract.Result, name string) *contract.Record {
	t.Helper()
	for _, r := range res.Records {
		if r.Name == name {
			return r
		}
	}
	t.Fatalf("no record for %s", name)
	return nil
}

// TestFromKeywordContractFromCaller reproduces FM-Agent's technique 1: the
// contract of from_keyword is written after, and from, what its caller
// lex_identifier expects, not from its body.
func TestFromKeywordContractFromCaller(t *testing.T) {
	g := fromKeyword(t)
	srv := llmtest.New(t, script(t, ""))
	store := &contract.Store{Dir: t.TempDir()}
	res, err := contract.Generate(context.Background(), g, &contract.Options{Model: srv.Model(nil), Store: store, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Errors) > 0 || res.Asked != 6 {
		t.Fatalf("asked %d, errors %v", res.Asked, res.Errors)
	}

	// Order: the caller's request comes before the callee's, and the
	// callee's prompt carries the caller's expectation.
	reqs := srv.Requests()
	at := func(name string) int {
		return slices.IndexFunc(reqs, func(r llmtest.Request) bool { return strings.Contains(r.LastUser(), "name: "+name+" ") })
	}
	callerAt, calleeAt := at("lexer::Lexer::lex_identifier"), at("token::TokenKind::from_keyword")
	if callerAt < 0 || calleeAt < 0 || callerAt > calleeAt {
		t.Fatalf("lex_identifier asked at %d, from_keyword at %d", callerAt, calleeAt)
	}
	prompt := reqs[calleeAt].LastUser()
	if !strings.Contains(prompt, "None for all other identifiers") || !strings.Contains(prompt, "lex_identifier") {
		t.Errorf("from_keyword's prompt lacks its caller's expectation:\n%s", prompt)
	}

	fk := record(t, res, "token::TokenKind::from_keyword")
	if fk.Source != contract.FromModel || len(fk.Callers) != 1 || !strings.Contains(fk.Callers[0], "lex_identifier") {
		t.Errorf("from_keyword: source %q callers %v", fk.Source, fk.Callers)
	}
	var ensures []string
	for _, c := range fk.Contract.Ensures {
		ensures = append(ensures, c.Text)
	}
	all := strings.Join(ensures, " | ")
	if !strings.Contains(all, "Some(token_kind) if s is a reserved keyword") || !strings.Contains(all, "None for all other identifiers") {
		t.Errorf("from_keyword ensures %q", all)
	}
	if strings.Contains(all, "first byte") {
		t.Errorf("the contract was written from the body: %q", all)
	}
	if main := record(t, res, "main"); main.Source != contract.FromEntry {
		t.Errorf("main: source %q, want entry", main.Source)
	}

	// A rerun over the same store asks nothing.
	srv2 := llmtest.New(t, &llmtest.Script{})
	res2, err := contract.Generate(context.Background(), g, &contract.Options{Model: srv2.Model(nil), Store: store})
	if err != nil {
		t.Fatal(err)
	}
	if res2.Asked != 0 || res2.Reused != 6 || len(srv2.Requests()) != 0 {
		t.Errorf("rerun asked %d, reused %d, requests %d", res2.Asked, res2.Reused, len(srv2.Requests()))
	}
}

// TestInterruptedRunResumes: a run whose from_keyword request fails keeps
// every finished record; the next run asks only for from_keyword.
func TestInterruptedRunResumes(t *testing.T) {
	g := fromKeyword(t)
	store := &contract.Store{Dir: t.TempDir()}
	srv := llmtest.New(t, script(t, "from_keyword"))
	res, err := contract.Generate(context.Background(), g, &contract.Options{
		Model: srv.Model(&llm.OpenAIOptions{MaxAttempts: 1}), Store: store})
	if err != nil {
		t.Fatal(err)
	}
	if res.Asked != 5 || len(res.Errors) != 1 || !strings.Contains(res.Errors[0], "from_keyword") {
		t.Fatalf("first run: asked %d, errors %v", res.Asked, res.Errors)
	}
	srv2 := llmtest.New(t, script(t, ""))
	res2, err := contract.Generate(context.Background(), g, &contract.Options{Model: srv2.Model(nil), Store: store})
	if err != nil {
		t.Fatal(err)
	}
	if res2.Asked != 1 || res2.Reused != 5 || len(srv2.Requests()) != 1 {
		t.Errorf("resumed run: asked %d, reused %d, requests %d", res2.Asked, res2.Reused, len(srv2.Requests()))
	}
	if !strings.Contains(srv2.Requests()[0].LastUser(), "None for all other identifiers") {
		t.Error("the resumed from_keyword prompt lost its caller's expectation (not restored from the store)")
	}
}
