package bmc

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"
)

// recorder is an oracle that answers UNKNOWN for some targets, blocks on
// others until its context is cancelled, and records every query.
type recorder struct {
	oracle
	unknown map[int]bool
	alone   map[int]bool // UNKNOWN for standalone queries only
	block   map[int]bool
	mu      sync.Mutex
	queries []Query
}

func (c *recorder) Check(ctx context.Context, q *Query) (*Result, error) {
	c.mu.Lock()
	c.queries = append(c.queries, *q)
	c.mu.Unlock()
	switch {
	case c.block[q.Target]:
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(10 * time.Second):
			return &Result{Status: Verified, Engine: "oracle"}, nil
		}
	case c.unknown[q.Target], c.alone[q.Target] && len(q.Assume) == 0:
		return &Result{Status: Unknown, Engine: "oracle", Reason: "timeout"}, nil
	}
	return c.oracle.Check(ctx, q)
}

func taskLikeNeed(f *Fact) Need {
	switch f.Status {
	case VerdictFalsified:
		return NeedNothing
	case VerdictUnknown:
		return NeedFailures
	}
	return NeedAll
}

// After an assertion fails, a caller that needs nothing more gets no more
// checks: the rest are UNKNOWN and say why.
func TestNeedNothingStops(t *testing.T) {
	p := syntheticProgram(5)
	c := &recorder{oracle: oracle{w: &world{n: 5, exec: [][]bool{{true, false, true, true, true}}}}}
	rep, err := VerifyAll(context.Background(), p, c, &Options{Workers: 1, Order: []int{0, 1, 2, 3, 4}, BoundCheck: true, Need: taskLikeNeed})
	if err != nil {
		t.Fatal(err)
	}
	if f := rep.Facts[1]; f.Status != VerdictFalsified {
		t.Fatalf("a2 = %s, want FALSIFIED", f.Status)
	}
	for _, f := range rep.Facts[2:] {
		if f.Status != VerdictUnknown || !strings.Contains(f.Reason, "stopped after "+rep.Facts[1].Label()) {
			t.Errorf("%s = %s (%q), want UNKNOWN, stopped after a2", f.Label(), f.Status, f.Reason)
		}
	}
	for _, q := range c.queries {
		if q.Target >= 2 {
			t.Errorf("checked %s after the run was to stop", p.Asserts[q.Target].Label())
		}
	}
}

// After an assertion stays unknown, a caller that needs only failures gets
// standalone checks of the rest, a compositional one only where the
// standalone check could not decide (it may find a failure), and no bound
// check.
func TestNeedFailuresOnly(t *testing.T) {
	p := syntheticProgram(4)
	w := &world{n: 4, exec: [][]bool{{true, true, true, false}}}
	c := &recorder{oracle: oracle{w: w}, unknown: map[int]bool{0: true}, alone: map[int]bool{3: true}}
	rep, err := VerifyAll(context.Background(), p, c, &Options{Workers: 1, Order: []int{0, 1, 2, 3}, BoundCheck: true, Need: taskLikeNeed})
	if err != nil {
		t.Fatal(err)
	}
	if f := rep.Facts[0]; f.Status != VerdictUnknown || f.Reason != "timeout" {
		t.Fatalf("a1 = %s (%q), want UNKNOWN by timeout", f.Status, f.Reason)
	}
	for _, f := range rep.Facts[1:3] {
		if f.Status != VerdictVerified || f.BoundComplete || !strings.Contains(f.BoundReason, "only failures were looked for after "+rep.Facts[0].Label()) {
			t.Errorf("%s = %s, bound %q, want VERIFIED with its bound not checked", f.Label(), f.Status, f.BoundReason)
		}
	}
	if f := rep.Facts[3]; f.Status != VerdictFalsified {
		t.Errorf("a4 = %s, want FALSIFIED by its compositional check", f.Status)
	}
	for _, q := range c.queries {
		if (len(q.Assume) > 0 && q.Target != 3) || q.UnwindingAssertions {
			t.Errorf("query %+v asked after only failures were needed", q)
		}
	}
	// Without Need every fact gets its bound check.
	w = &world{n: 4, exec: [][]bool{{true, true, true, true}}}
	c = &recorder{oracle: oracle{w: w}, unknown: map[int]bool{0: true}}
	rep, err = VerifyAll(context.Background(), p, c, &Options{Workers: 1, Order: []int{0, 1, 2, 3}, BoundCheck: true})
	if err != nil {
		t.Fatal(err)
	}
	if f := rep.Facts[3]; !f.BoundComplete {
		t.Errorf("without Need, %s = %+v, want bound-complete", f.Label(), f)
	}
}

// A check under way when the run stops is cancelled, and its assertion
// is UNKNOWN, not an error.
func TestNeedCancelsChecksUnderWay(t *testing.T) {
	p := syntheticProgram(3)
	c := &recorder{oracle: oracle{w: &world{n: 3, exec: [][]bool{{true, false, true}}}}, block: map[int]bool{0: true}}
	start := time.Now()
	rep, err := VerifyAll(context.Background(), p, c, &Options{Workers: 2, Order: []int{0, 1, 2}, Need: taskLikeNeed})
	if err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("the blocked check was not cancelled: the run took %v", d)
	}
	if f := rep.Facts[0]; f.Status != VerdictUnknown || !strings.Contains(f.Reason, "stopped after") {
		t.Errorf("a1 = %s (%q), want UNKNOWN, stopped", f.Status, f.Reason)
	}
	if f := rep.Facts[1]; f.Status != VerdictFalsified {
		t.Errorf("a2 = %s, want FALSIFIED", f.Status)
	}
}
