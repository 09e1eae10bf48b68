package surety_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/suretydev/surety"
	"github.com/suretydev/surety/callgraph"
	"github.com/suretydev/surety/contract"
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

// TestReasonAllWorkers: ReasonAll reasons about up to Workers functions at
// once, never more.
func TestReasonAllWorkers(t *testing.T) {
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
	m := &slowModel{}
	reps, err := surety.ReasonAll(context.Background(), g, recs, &surety.ReasonOptions{Model: m, Workers: 3})
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
