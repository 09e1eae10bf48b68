package bmc

import (
	"context"
	"errors"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/suretydev/surety/internal/proc"
)

// timed answers after a delay, or stops with ctx.
type timed struct {
	name        string
	delay       time.Duration
	status      Status
	err         error
	cancelled   chan struct{}
	assumptions []string
}

func (c *timed) Name() string { return c.name }
func (c *timed) Check(ctx context.Context, q *Query) (*Result, error) {
	select {
	case <-time.After(c.delay):
	case <-ctx.Done():
		if c.cancelled != nil {
			close(c.cancelled)
		}
		return nil, ctx.Err()
	}
	if c.err != nil {
		return nil, c.err
	}
	// A fake's counterexample stands for one its engine replayed, its
	// VERIFIED for one whose bound was complete.
	return &Result{Status: c.status, Engine: c.name, Reason: "budget", Duration: c.delay,
		Replayed: c.status == Falsified, BoundComplete: c.status == Verified, Assumptions: c.assumptions}, nil
}

// With First, the fast engine's answer is taken and the slow one is
// cancelled, and the name says the answer was not cross-checked.
func TestPortfolioFirstWinsSlowCancelled(t *testing.T) {
	slow := &timed{name: "slow", delay: time.Minute, status: Falsified, cancelled: make(chan struct{})}
	fast := &timed{name: "fast", delay: 10 * time.Millisecond, status: Verified}
	p := &Portfolio{Checkers: []Checker{slow, fast}, First: true}
	if p.Name() != "first(slow,fast)" {
		t.Errorf("Name() = %q, want first(slow,fast)", p.Name())
	}
	start := time.Now()
	r, err := p.Check(context.Background(), &Query{})
	if err != nil {
		t.Fatal(err)
	}
	if r.Status != Verified || r.Engine != "fast" {
		t.Errorf("result %+v, want VERIFIED by fast", r)
	}
	select {
	case <-slow.cancelled:
	default:
		t.Error("slow engine was not cancelled")
	}
	if time.Since(start) > 30*time.Second {
		t.Error("portfolio waited for the slow engine")
	}
}

// By default the portfolio waits for every engine: a slower engine whose
// run refutes a faster one's proof makes the answer FALSIFIED, whichever
// engine is faster, and the proof is reported as a wrong claim; the answer
// does not depend on timing.
func TestPortfolioWaitsForEvidence(t *testing.T) {
	for _, delays := range [][2]time.Duration{{time.Millisecond, 40 * time.Millisecond}, {40 * time.Millisecond, time.Millisecond}} {
		p := &Portfolio{Checkers: []Checker{
			&timed{name: "a", delay: delays[0], status: Verified},
			&timed{name: "b", delay: delays[1], status: Falsified},
		}}
		r, err := p.Check(context.Background(), &Query{})
		if err != nil {
			t.Fatal(err)
		}
		if r.Status != Falsified || r.Engine != "b" || len(r.WrongClaims) != 1 || r.WrongClaims[0].Engine != "a" {
			t.Errorf("delays %v: result %+v, want b's FALSIFIED with a's wrong claim", delays, r)
		}
	}
	p := &Portfolio{Checkers: []Checker{
		&timed{name: "a", delay: time.Millisecond, status: Verified},
		&timed{name: "b", delay: 5 * time.Millisecond, status: Verified},
	}}
	// Agreement is no disagreement.
	p.Checkers[0].(*timed).assumptions = []string{"malloc never fails"}
	if r, _ := p.Check(context.Background(), &Query{}); r.Status != Verified || r.Disagreement != nil || r.Engine != "a+b" ||
		len(r.Assumptions) != 1 {
		t.Errorf("agreeing engines gave %+v, want VERIFIED by a+b under a's assumption", r)
	}
	// An engine that knows nothing does not contradict one that proves.
	p.Checkers[1] = &timed{name: "b", delay: 5 * time.Millisecond, status: Unknown}
	if r, _ := p.Check(context.Background(), &Query{}); r.Status != Verified || r.Engine != "a" {
		t.Errorf("VERIFIED and UNKNOWN gave %+v, want a's VERIFIED", r)
	}
}

func TestPortfolioUnknownAndErrors(t *testing.T) {
	boom := errors.New("boom")
	p := &Portfolio{Checkers: []Checker{
		&timed{name: "u", delay: time.Millisecond, status: Unknown},
		&timed{name: "e", delay: time.Millisecond, err: boom},
	}}
	r, err := p.Check(context.Background(), &Query{})
	if err != nil || r.Status != Unknown || !strings.Contains(r.Reason, "u: budget") || !strings.Contains(r.Reason, "boom") {
		t.Errorf("got %+v, %v; want UNKNOWN naming both", r, err)
	}
	p = &Portfolio{Checkers: []Checker{&timed{name: "e", err: boom}}}
	if _, err := p.Check(context.Background(), &Query{}); !errors.Is(err, boom) {
		t.Errorf("all engines failing gave %v, want boom", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	p = &Portfolio{Checkers: []Checker{&timed{name: "s", delay: time.Minute}}}
	if _, err := p.Check(ctx, &Query{}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled portfolio gave %v", err)
	}
}

// sleeper is a checker that runs a real process that never answers.
type sleeper struct{}

func (sleeper) Name() string { return "sleeper" }
func (sleeper) Check(ctx context.Context, q *Query) (*Result, error) {
	_, err := proc.Run(ctx, &proc.Cmd{Path: "sleep", Args: []string{"60"}})
	if err != nil {
		return nil, err
	}
	return &Result{Status: Unknown, Engine: "sleeper"}, nil
}

// When a fast engine wins, the slow engine's process is killed: none is
// left running.
func TestPortfolioLeavesNoProcess(t *testing.T) {
	if _, err := proc.LookPath("sleep"); err != nil {
		t.Skip("needs sleep")
	}
	p := &Portfolio{Checkers: []Checker{sleeper{}, &timed{name: "fast", delay: 200 * time.Millisecond, status: Falsified}}, First: true}
	r, err := p.Check(context.Background(), &Query{})
	if err != nil || r.Status != Falsified {
		t.Fatalf("got %+v, %v", r, err)
	}
	if n := proc.Running(); n != 0 {
		t.Errorf("%d processes left running", n)
	}
}

// A hazard one engine finds is the program's: the portfolio answers
// UNKNOWN with it, whatever another engine proved.
func TestPortfolioHazardVetoes(t *testing.T) {
	h := Hazard{Line: 3, Construct: "evaluation order", Detail: "f() + g() where both write x"}
	vetoer := checkerFunc{"careful", func(q *Query) *Result {
		return &Result{Status: Unknown, Engine: "careful", Reason: "unsupported", Hazards: []Hazard{h}}
	}}
	prover := checkerFunc{"prover", func(q *Query) *Result { return &Result{Status: Verified, Engine: "prover"} }}
	r, err := (&Portfolio{Checkers: []Checker{prover, vetoer}}).Check(context.Background(), &Query{})
	if err != nil {
		t.Fatal(err)
	}
	if r.Status != Unknown || len(r.Hazards) != 1 || !strings.Contains(r.Reason, "evaluation order at line 3") {
		t.Errorf("got %+v, want UNKNOWN with the hazard", r)
	}
}

// fixedAnswer gives a fixed result.
type fixedAnswer struct {
	name string
	res  Result
}

func (c *fixedAnswer) Name() string { return c.name }
func (c *fixedAnswer) Check(ctx context.Context, q *Query) (*Result, error) {
	r := c.res
	r.Engine = c.name
	return &r, nil
}

// A loop that runs past K contradicts a bounded VERIFIED, not an
// induction's proof for every execution; a violation of the target does.
func TestPortfolioProofOverUnwinding(t *testing.T) {
	proof := &fixedAnswer{name: "native", res: Result{Status: Verified, BoundComplete: true, Induction: 3}}
	unwound := &fixedAnswer{name: "esbmc", res: Result{Status: Falsified, Unwound: true, Replayed: true, Reason: "unwinding assertion"}}
	q := &Query{UnwindingAssertions: true}
	r, err := (&Portfolio{Checkers: []Checker{proof, unwound}}).Check(context.Background(), q)
	if err != nil {
		t.Fatal(err)
	}
	if r.Status != Verified || !r.BoundComplete || r.Induction != 3 || r.Disagreement != nil {
		t.Errorf("induction and an unwinding counterexample gave %+v, want the induction's VERIFIED", r)
	}
	// So is another proof that needs no bound (recursion summaries, the
	// one run of a program without input).
	other := &fixedAnswer{name: "native", res: Result{Status: Verified, BoundComplete: true, Proof: "recursion summaries"}}
	r, err = (&Portfolio{Checkers: []Checker{other, unwound}}).Check(context.Background(), q)
	if err != nil {
		t.Fatal(err)
	}
	if r.Status != Verified || !r.BoundComplete || r.Proof != "recursion summaries" || r.Disagreement != nil || len(r.WrongClaims) != 0 {
		t.Errorf("a summaries proof and an unwinding counterexample gave %+v, want the proof's VERIFIED", r)
	}
	violation := &fixedAnswer{name: "esbmc", res: Result{Status: Falsified, Replayed: true}}
	if r, _ := (&Portfolio{Checkers: []Checker{other, violation}}).Check(context.Background(), q); r.Status != Falsified || r.Proof != "" || len(r.WrongClaims) != 1 {
		t.Errorf("a summaries proof and a violation gave %+v, want FALSIFIED with the proof as a wrong claim", r)
	}
	if r, _ := (&Portfolio{Checkers: []Checker{proof, violation}}).Check(context.Background(), q); r.Status != Falsified || len(r.WrongClaims) != 1 {
		t.Errorf("induction and a violation gave %+v, want FALSIFIED with the induction as a wrong claim", r)
	}
	// A run past K refutes a complete unwinding, which says no run goes
	// past K: the bound is incomplete, and the claim was wrong.
	complete := &fixedAnswer{name: "cbmc", res: Result{Status: Verified, BoundComplete: true}}
	if r, _ := (&Portfolio{Checkers: []Checker{complete, unwound}}).Check(context.Background(), q); r.Status != Falsified || !r.Unwound || len(r.WrongClaims) != 1 {
		t.Errorf("a complete unwinding and a replayed unwinding counterexample gave %+v, want the unwinding counterexample and a wrong claim", r)
	}
	// One that no run confirmed only contests it.
	unreplayed := &fixedAnswer{name: "esbmc", res: Result{Status: Falsified, Unwound: true, Reason: "unwinding assertion"}}
	if r, _ := (&Portfolio{Checkers: []Checker{complete, unreplayed}}).Check(context.Background(), q); r.Status != Unknown || r.Disagreement == nil {
		t.Errorf("a complete unwinding and an unreplayed unwinding counterexample gave %+v, want UNKNOWN with the disagreement", r)
	}
}

// A violation that replays under gcc is the program's: a bounded VERIFIED
// whose bound was not complete speaks only of shorter runs and is dropped
// without blame, while one whose bound was complete is a wrong claim.
func TestPortfolioViolationOverIncompleteBound(t *testing.T) {
	violation := &fixedAnswer{name: "esbmc", res: Result{Status: Falsified, Replayed: true}}
	incomplete := &fixedAnswer{name: "native", res: Result{Status: Verified}}
	r, err := (&Portfolio{Checkers: []Checker{incomplete, violation}}).Check(context.Background(), &Query{})
	if err != nil {
		t.Fatal(err)
	}
	if r.Status != Falsified || r.Engine != "esbmc" || r.Disagreement != nil || r.WrongClaims != nil {
		t.Errorf("an incomplete VERIFIED and a replayed violation gave %+v, want esbmc's FALSIFIED", r)
	}
	complete := &fixedAnswer{name: "native", res: Result{Status: Verified, BoundComplete: true}}
	if r, _ := (&Portfolio{Checkers: []Checker{complete, violation}}).Check(context.Background(), &Query{}); r.Status != Falsified ||
		len(r.WrongClaims) != 1 || r.WrongClaims[0] != (EngineAnswer{Engine: "native", Status: Verified, BoundComplete: true}) {
		t.Errorf("a complete VERIFIED and a replayed violation gave %+v, want FALSIFIED and native's wrong claim", r)
	}
}

// The cache keys an answer on the engine set: a portfolio with another
// member, or the same members in another mode, asks its engines again.
func TestCacheKeyedOnEngineSet(t *testing.T) {
	p, err := ParseProgram("k.c", []byte("int main(void) { int x = 1; assert(x == 1); return 0; }\n"))
	if err != nil {
		t.Fatal(err)
	}
	cache, err := OpenCache(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	var n atomic.Int64 // members run at once
	prover := func(name string) Checker {
		return checkerFunc{name, func(q *Query) *Result { n.Add(1); return &Result{Status: Verified, Engine: name} }}
	}
	ctx := context.Background()
	for i, c := range []Checker{
		&Portfolio{Checkers: []Checker{prover("a"), prover("b")}},
		&Portfolio{Checkers: []Checker{prover("a"), prover("b")}, First: true},
		&Portfolio{Checkers: []Checker{prover("a"), prover("c")}},
		prover("a"),
	} {
		before := n.Load()
		rep, err := VerifyAll(ctx, p, c, &Options{Cache: cache, Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		if n.Load() == before || rep.Summary.CacheHits != 0 {
			t.Errorf("engine set %d (%s) was answered from another set's cache entries", i, c.Name())
		}
		before = n.Load()
		if rep, _ = VerifyAll(ctx, p, c, &Options{Cache: cache, Workers: 1}); n.Load() != before || rep.Summary.CacheHits == 0 {
			t.Errorf("engine set %d (%s) did not reuse its own answers", i, c.Name())
		}
	}
}
