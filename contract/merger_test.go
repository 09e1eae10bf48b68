package contract_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/suretydev/surety/callgraph"
	"github.com/suretydev/surety/contract"
	"github.com/suretydev/surety/frontend"
	_ "github.com/suretydev/surety/frontend/c"
	"github.com/suretydev/surety/llm/llmtest"
)

const twoCallers = `int f(int x) {
    return x + 1;
}

int a(int x) {
    return f(x);
}

int b(int x) {
    return f(x) * 2;
}
`

// twoCallersGraph is a and b, entries, both calling f; fID is f's ID.
func twoCallersGraph(t *testing.T) (g *callgraph.Graph, fID string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "two.c")
	if err := os.WriteFile(path, []byte(twoCallers), 0o644); err != nil {
		t.Fatal(err)
	}
	prog, ferrs, err := frontend.Load(context.Background(), []string{path}, &frontend.LoadOptions{Mode: frontend.NeedCalls})
	if err != nil || len(ferrs) > 0 {
		t.Fatal(err, ferrs)
	}
	g = callgraph.Build(prog, nil)
	for _, n := range g.Nodes {
		if n.Func().Name == "f" {
			fID = n.ID
		}
	}
	return g, fID
}

// twoCallersScript answers a and b with formal expectations of f, and f
// with a contract of the model's own.
func twoCallersScript(fID string) *llmtest.Script {
	caller := func(name, pre, formal string) llmtest.Step {
		return llmtest.Step{Match: "name: " + name + " ", Reply: `{"functions": [{"id": "` + name + `", "requires": [], "ensures": [{"text": "returns something"}],
			"callees": [{"callee": "` + fID + `", "line": 6, "pre": [{"text": "` + pre + `", "formal": "` + formal + `"}], "post": [{"text": "result is x plus one", "formal": "(= result (+ x 1))"}]}]}]}`}
	}
	return &llmtest.Script{Steps: []llmtest.Step{
		caller("a", "x is positive", "(> x 0)"),
		caller("b", "x is negative", "(< x 0)"),
		{Match: "name: f ", Reply: `{"functions": [{"id": "f", "requires": [{"text": "x is not zero"}], "ensures": [{"text": "the result is x + 1"}]}]}`},
	}}
}

func fPrompt(t *testing.T, srv *llmtest.Server) string {
	t.Helper()
	for _, r := range srv.Requests() {
		if strings.Contains(r.LastUser(), "name: f ") {
			return r.LastUser()
		}
	}
	t.Fatal("f was not asked for")
	return ""
}

// TestDefaultMergerIsExact: with no Merger, formal expectations are merged
// exactly and the model is told the contract is fixed.
func TestDefaultMergerIsExact(t *testing.T) {
	g, fID := twoCallersGraph(t)
	srv := llmtest.New(t, twoCallersScript(fID))
	res, err := contract.Generate(context.Background(), g, &contract.Options{Model: srv.Model(nil)})
	if err != nil || len(res.Errors) > 0 {
		t.Fatal(err, res.Errors)
	}
	r := record(t, res, "f")
	if r.Source != contract.FromExact || len(r.Contract.Requires) != 1 || r.Contract.Requires[0].Formal != "(or (< x 0) (> x 0))" {
		t.Errorf("record %s: %+v", r.Source, r.Contract)
	}
	if p := fPrompt(t, srv); !strings.Contains(p, "Its contract is FIXED (merged exactly from its callers' formal expectations)") {
		t.Errorf("prompt does not fix the contract:\n%s", p)
	}
}

// TestModelMergeLeavesFormalToModel: ModelMerge leaves even formal
// expectations to the model, whose contract is kept.
func TestModelMergeLeavesFormalToModel(t *testing.T) {
	g, fID := twoCallersGraph(t)
	srv := llmtest.New(t, twoCallersScript(fID))
	res, err := contract.Generate(context.Background(), g, &contract.Options{Model: srv.Model(nil), Merger: contract.ModelMerge{}})
	if err != nil || len(res.Errors) > 0 {
		t.Fatal(err, res.Errors)
	}
	r := record(t, res, "f")
	if r.Source != contract.FromModel || r.Contract.Requires[0].Text != "x is not zero" {
		t.Errorf("record %s: %+v", r.Source, r.Contract)
	}
	if p := fPrompt(t, srv); strings.Contains(p, "FIXED") {
		t.Errorf("prompt fixes the contract:\n%s", p)
	}
}

// weakest is a researcher's merger: it keeps only the first caller's
// post-conditions and reports a conflict.
type weakest struct{ calls int }

func (w *weakest) Merge(_ context.Context, exps []contract.Expectation) (*contract.Merged, error) {
	w.calls++
	return &contract.Merged{Contract: contract.Contract{Ensures: exps[0].Post}, Source: "weakest",
		How: "the weakest merge", Conflicts: []string{"callers disagree on the sign of x"}}, nil
}

// TestOwnMerger: a Merger of one's own decides the contract, names its
// source, says how in the prompt and reports its conflicts.
func TestOwnMerger(t *testing.T) {
	g, fID := twoCallersGraph(t)
	srv := llmtest.New(t, twoCallersScript(fID))
	w := &weakest{}
	res, err := contract.Generate(context.Background(), g, &contract.Options{Model: srv.Model(nil), Merger: w})
	if err != nil || len(res.Errors) > 0 {
		t.Fatal(err, res.Errors)
	}
	r := record(t, res, "f")
	if w.calls != 1 || r.Source != "weakest" || len(r.Contract.Requires) != 0 || r.Contract.Ensures[0].Formal != "(= result (+ x 1))" {
		t.Errorf("%d calls, record %s: %+v", w.calls, r.Source, r.Contract)
	}
	if len(r.Conflicts) != 1 || r.Conflicts[0] != "callers disagree on the sign of x" {
		t.Errorf("conflicts %v", r.Conflicts)
	}
	if p := fPrompt(t, srv); !strings.Contains(p, "Its contract is FIXED (the weakest merge)") {
		t.Errorf("prompt:\n%s", p)
	}
}

type failing struct{}

func (failing) Merge(context.Context, []contract.Expectation) (*contract.Merged, error) {
	return nil, errors.New("no solver")
}

// TestMergerErrorFailsComponent: a Merger's error fails the function's
// component, named, and the model is not asked for it.
func TestMergerErrorFailsComponent(t *testing.T) {
	g, fID := twoCallersGraph(t)
	srv := llmtest.New(t, twoCallersScript(fID))
	res, err := contract.Generate(context.Background(), g, &contract.Options{Model: srv.Model(nil), Merger: failing{}})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Errors) != 1 || !strings.Contains(res.Errors[0], "merging the expectations of f: no solver") {
		t.Errorf("errors %v", res.Errors)
	}
	if len(srv.Requests()) != 2 {
		t.Errorf("%d requests, want a and b only", len(srv.Requests()))
	}
}
