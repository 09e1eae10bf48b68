package audit_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/suretydev/surety/bmc"
	"github.com/suretydev/surety/bmc/audit"
)

// gauge is a checker that answers every query after a pause (FALSIFIED:
// every cover query reaches, every mutant is rejected) and records how
// many queries it held at once.
type gauge struct {
	pause time.Duration

	mu            sync.Mutex
	now, most, nq int
}

func (g *gauge) Name() string { return "gauge" }

func (g *gauge) Check(ctx context.Context, q *bmc.Query) (*bmc.Result, error) {
	g.mu.Lock()
	g.now++
	g.nq++
	g.most = max(g.most, g.now)
	g.mu.Unlock()
	defer func() {
		g.mu.Lock()
		g.now--
		g.mu.Unlock()
	}()
	select {
	case <-time.After(g.pause):
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	return &bmc.Result{Status: bmc.Falsified, Engine: "gauge"}, nil
}

// verified parses a program of n assertions and a report that calls each
// of them VERIFIED, without an engine.
func verified(t *testing.T, n int) (*bmc.Program, *bmc.Report) {
	t.Helper()
	var b strings.Builder
	b.WriteString("int main(void) {\n  int x = 1;\n")
	for range n {
		b.WriteString("  x = x + 1;\n  assert(x > 0);\n")
	}
	b.WriteString("  return 0;\n}\n")
	p, err := bmc.ParseProgram("n.c", []byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	rep := &bmc.Report{File: "n.c", K: 5}
	for i, a := range p.Asserts {
		rep.Order = append(rep.Order, i)
		rep.Facts = append(rep.Facts, bmc.Fact{Assertion: a, Position: i + 1, Status: bmc.VerdictVerified})
	}
	return p, rep
}

// TestWorkers: the audit runs at most Options.Workers queries at once,
// and does run that many when there is work for them.
func TestWorkers(t *testing.T) {
	p, rep := verified(t, 6)
	for _, workers := range []int{1, 3} {
		g := &gauge{pause: 5 * time.Millisecond}
		a, err := audit.Audit(context.Background(), p, rep, g, &audit.Options{Workers: workers, Budget: 12, MinMutants: 1})
		if err != nil {
			t.Fatal(err)
		}
		if g.most != workers {
			t.Errorf("Workers %d: %d queries at once", workers, g.most)
		}
		if a.Summary.Facts != 6 || a.Summary.Queries != g.nq || g.nq <= 6 {
			t.Errorf("Workers %d: summary %+v, %d queries asked", workers, a.Summary, g.nq)
		}
		for _, fa := range a.Facts {
			if fa.Reach.Status != "reachable" || fa.Strength == nil || fa.Strength.Rejected == 0 {
				t.Errorf("Workers %d: %s: %+v %+v", workers, fa.Label, fa.Reach, fa.Strength)
			}
		}
	}
}

// TestCancel: an audit whose context ends returns the context's error
// promptly, with no query left running.
func TestCancel(t *testing.T) {
	p, rep := verified(t, 6)
	g := &gauge{pause: time.Hour}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := audit.Audit(ctx, p, rep, g, &audit.Options{Workers: 2})
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("err = %v, want the context's deadline", err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("Audit took %v after its context ended", d)
	}
	if g.now != 0 {
		t.Errorf("%d queries still running", g.now)
	}
}
