package fmagent_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/suretydev/surety/callgraph"
	"github.com/suretydev/surety/contract"
	"github.com/suretydev/surety/fmagent"
	"github.com/suretydev/surety/frontend"
	_ "github.com/suretydev/surety/frontend/c"
	"github.com/suretydev/surety/hoare"
	"github.com/suretydev/surety/llm"
)

// slowModel answers every request of the Hoare pass after a pause, and
// records the most requests it had in flight at once.
type slowModel struct {
	mu           sync.Mutex
	now, most, n int
}

func (m *slowModel) Complete(ctx context.Context, _ *llm.Request) (*llm.Response, error) {
	m.mu.Lock()
	m.now++
	m.n++
	m.most = max(m.most, m.now)
	m.mu.Unlock()
	defer func() { m.mu.Lock(); m.now--; m.mu.Unlock() }()
	select {
	case <-time.After(20 * time.Millisecond):
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	return &llm.Response{Text: `{"post": "the function returns x plus a constant", "holds": true, "explanation": "scripted"}`, FinishReason: llm.FinishStop}, nil
}

// eightFuncs is a graph of eight functions, each with a contract record.
func eightFuncs(t *testing.T) (*callgraph.Graph, []*contract.Record) {
	t.Helper()
	var src strings.Builder
	for i := range 8 {
		fmt.Fprintf(&src, "int f%d(int x) {\n    return x + %d;\n}\n\n", i, i)
	}
	path := filepath.Join(t.TempDir(), "f.c")
	if err := os.WriteFile(path, []byte(src.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	prog, ferrs, err := frontend.Load(context.Background(), []string{path}, &frontend.LoadOptions{Mode: frontend.NeedBodies})
	if err != nil || len(ferrs) > 0 {
		t.Fatal(err, ferrs)
	}
	g := callgraph.Build(prog, nil)
	var recs []*contract.Record
	for _, n := range g.Nodes {
		recs = append(recs, &contract.Record{Function: n.ID, Contract: contract.Contract{
			Ensures: []contract.Condition{{Text: "the result is at least x"}}}})
	}
	return g, recs
}

// TestReasonAllWorkers: ReasonAll reasons about up to Workers functions at
// once, never more.
func TestReasonAllWorkers(t *testing.T) {
	g, recs := eightFuncs(t)
	m := &slowModel{}
	reps, err := fmagent.ReasonAll(context.Background(), g, recs, &fmagent.ReasonOptions{Model: m, Workers: 3})
	if err != nil {
		t.Fatal(err)
	}
	if len(reps) != 8 || m.n != 16 {
		t.Fatalf("%d reports, %d requests", len(reps), m.n)
	}
	for _, r := range reps {
		if r.Verdict != hoare.Match {
			t.Errorf("%s: %s (%s)", r.Name, r.Verdict, r.Reason)
		}
	}
	if m.most != 3 {
		t.Errorf("at most %d requests in flight, want 3", m.most)
	}
}

// counting is a Stepper of its own that counts its steps and fails every
// exit check.
type counting struct {
	blocks, implies atomic.Int32
}

func (c *counting) Block(context.Context, *hoare.BlockStep) (*hoare.Proposal, error) {
	c.blocks.Add(1)
	return &hoare.Proposal{Text: "the result is x plus a constant"}, nil
}
func (c *counting) LoopPost(context.Context, *hoare.LoopStep) (*hoare.Proposal, error) {
	return nil, errors.New("no loops here")
}
func (c *counting) Invariant(context.Context, *hoare.LoopStep) (*hoare.Proposal, error) {
	return nil, errors.New("no loops here")
}
func (c *counting) Maintained(context.Context, *hoare.LoopStep) (*hoare.Judgement, error) {
	return nil, errors.New("no loops here")
}
func (c *counting) Implies(context.Context, *hoare.Implication) (*hoare.Judgement, error) {
	c.implies.Add(1)
	return &hoare.Judgement{Check: hoare.Check{Holds: false, DecidedBy: "counting"}}, nil
}

// TestReasonAllStepper: ReasonOptions.Stepper takes every step of every
// function, with no Model.
func TestReasonAllStepper(t *testing.T) {
	g, recs := eightFuncs(t)
	st := &counting{}
	reps, err := fmagent.ReasonAll(context.Background(), g, recs, &fmagent.ReasonOptions{Stepper: st, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	if st.blocks.Load() != 8 || st.implies.Load() != 8 {
		t.Errorf("%d blocks, %d implications: want 8 of each", st.blocks.Load(), st.implies.Load())
	}
	for _, r := range reps {
		if r.Verdict != hoare.Mismatch || r.Bugs[0].DecidedBy != "counting" {
			t.Errorf("%s: %s (%s)", r.Name, r.Verdict, r.Reason)
		}
	}
}
