package smt

import (
	"context"
	"errors"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/suretydev/surety/internal/proc"
)

// busySolver runs a real solver on the hard factoring problem whatever it
// is asked, so it stays busy until cancelled; it records how it ended.
type busySolver struct {
	real Solver
	err  chan error
}

func (b *busySolver) Name() string { return "busy-" + b.real.Name() }

func (b *busySolver) Check(ctx context.Context, _ *Query) (*Result, error) {
	res, err := b.real.Check(ctx, &Query{Script: hardScript})
	b.err <- err
	return res, err
}

func TestPortfolioFastWinsSlowCancelled(t *testing.T) {
	need(t, "z3")
	need(t, "cvc5")
	slow := &busySolver{real: Z3(nil), err: make(chan error, 1)}
	p := Portfolio(slow, CVC5(nil))
	start := time.Now()
	res, err := p.Check(context.Background(), &Query{Script: bvScript, Values: []string{"x"}})
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != Sat || res.Solver != "cvc5" || res.Model["x"].Int.Int64() != 3 {
		t.Fatalf("got %+v, want cvc5's sat with x = 3", res)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Fatalf("portfolio took %v; the slow solver was waited for", d)
	}
	if err := <-slow.err; !errors.Is(err, context.Canceled) {
		t.Fatalf("slow solver ended with %v, want cancelled", err)
	}
	if n := proc.Running(); n != 0 {
		t.Fatalf("%d solver processes left running", n)
	}
}

// stubbornSolver answers a fixed status once the portfolio cancels it,
// as a wrong solver racing a right one might.
type stubbornSolver struct{ status Status }

func (s stubbornSolver) Name() string { return "stubborn" }

func (s stubbornSolver) Check(ctx context.Context, _ *Query) (*Result, error) {
	<-ctx.Done()
	return &Result{Status: s.status, Solver: s.Name()}, nil
}

func TestPortfolioDisagreement(t *testing.T) {
	need(t, "z3")
	_, err := Portfolio(Z3(nil), stubbornSolver{Unsat}).Check(context.Background(), &Query{Script: bvScript})
	var d *DisagreementError
	if !errors.As(err, &d) {
		t.Fatalf("err = %v, want a *DisagreementError", err)
	}
	if len(d.Results) != 2 || d.Results[0].Solver != "z3" || d.Results[0].Status != Sat || d.Results[1].Status != Unsat {
		t.Fatalf("disagreement %+v", d.Results)
	}
	if !strings.Contains(err.Error(), "z3 says sat") || !strings.Contains(err.Error(), "stubborn says unsat") {
		t.Fatalf("message %q", err)
	}
}

func TestPortfolioAgreementIsNotDisagreement(t *testing.T) {
	need(t, "z3")
	res, err := Portfolio(Z3(nil), stubbornSolver{Sat}).Check(context.Background(), &Query{Script: bvScript})
	if err != nil || res.Status != Sat || res.Solver != "z3" {
		t.Fatalf("got %+v, %v; want z3's sat", res, err)
	}
}

func TestPortfolioAllUnknown(t *testing.T) {
	need(t, "z3")
	need(t, "cvc5")
	res, err := Portfolio(Z3(nil), CVC5(nil)).Check(context.Background(), &Query{Script: hardScript, Timeout: 200 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != Unknown || res.Reason != "z3: timeout; cvc5: timeout" {
		t.Fatalf("got %v %q, want both timeouts joined", res.Status, res.Reason)
	}
}

func TestPortfolioAllFail(t *testing.T) {
	_, err := Portfolio(Z3(&Options{Path: "surety-no-z3"}), CVC5(&Options{Path: "surety-no-cvc5"})).
		Check(context.Background(), &Query{Script: bvScript})
	if !errors.Is(err, ErrNotFound) || !strings.Contains(err.Error(), "z3") || !strings.Contains(err.Error(), "cvc5") {
		t.Fatalf("err = %v, want both not-found errors", err)
	}
}

func TestPortfolioCancelled(t *testing.T) {
	need(t, "z3")
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	_, err := Portfolio(Z3(nil), Z3(nil)).Check(ctx, &Query{Script: hardScript})
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err = %v, want the context's deadline", err)
	}
	if n := proc.Running(); n != 0 {
		t.Fatalf("%d solver processes left running", n)
	}
}

// fixedSolver answers a fixed status at once, whatever it is asked: a
// stand-in for a wrong solver.
type fixedSolver struct {
	name   string
	status Status
}

func (f fixedSolver) Name() string { return f.name }

func (f fixedSolver) Check(context.Context, *Query) (*Result, error) {
	return &Result{Status: f.status, Solver: f.name, Reason: map[bool]string{true: "fixed"}[f.status == Unknown]}, nil
}

func TestCrossCheck(t *testing.T) {
	need(t, "z3")
	need(t, "cvc5")
	ctx := context.Background()
	res, err := CrossCheck(Z3(nil), CVC5(nil)).Check(ctx, &Query{Script: bvScript, Values: []string{"x"}})
	if err != nil || res.Status != Sat || res.Solver != "z3+cvc5" || res.Model["x"].Int.Int64() != 3 {
		t.Fatalf("got %+v, %v; want both agreeing on sat with z3's model", res, err)
	}
	_, err = CrossCheck(Z3(nil), fixedSolver{"wrong", Unsat}).Check(ctx, &Query{Script: bvScript})
	var d *DisagreementError
	if !errors.As(err, &d) || len(d.Results) != 2 {
		t.Fatalf("err = %v, want a disagreement", err)
	}
	res, err = CrossCheck(fixedSolver{"shrug", Unknown}, CVC5(nil)).Check(ctx, &Query{Script: bvScript})
	if err != nil || res.Status != Sat || res.Solver != "cvc5" {
		t.Fatalf("got %+v, %v; an unknown must not veto", res, err)
	}
	res, err = CrossCheck(fixedSolver{"a", Unknown}, fixedSolver{"b", Unknown}).Check(ctx, &Query{Script: bvScript})
	if err != nil || res.Status != Unknown || res.Reason != "a: fixed; b: fixed" {
		t.Fatalf("got %+v, %v", res, err)
	}
}

// countingSolver answers a fixed result after a delay and counts its runs.
type countingSolver struct {
	name   string
	delay  time.Duration
	status Status
	runs   *atomic.Int32
}

func (c *countingSolver) Name() string { return c.name }

func (c *countingSolver) Check(ctx context.Context, _ *Query) (*Result, error) {
	c.runs.Add(1)
	select {
	case <-time.After(c.delay):
		return &Result{Status: c.status, Solver: c.name, Reason: "fixed"}, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// A staggered portfolio runs its first solver alone: a quick answer
// starts no other solver, a slow one lets the others in after the delay,
// and an early give-up lets them in at once.
func TestStaggered(t *testing.T) {
	var firstRuns, secondRuns atomic.Int32
	quick := &countingSolver{name: "a", delay: time.Millisecond, status: Unsat, runs: &firstRuns}
	other := &countingSolver{name: "b", delay: time.Millisecond, status: Unsat, runs: &secondRuns}
	res, err := Staggered(time.Second, quick, other).Check(context.Background(), &Query{})
	if err != nil || res.Status != Unsat || res.Solver != "a" || secondRuns.Load() != 0 {
		t.Fatalf("quick first solver: got %+v, %v, second ran %d times; want a's unsat alone", res, err, secondRuns.Load())
	}

	firstRuns.Store(0)
	secondRuns.Store(0)
	slow := &countingSolver{name: "a", delay: time.Minute, status: Unsat, runs: &firstRuns}
	start := time.Now()
	res, err = Staggered(50*time.Millisecond, slow, other).Check(context.Background(), &Query{})
	if err != nil || res.Status != Unsat || res.Solver != "b" || secondRuns.Load() != 1 {
		t.Fatalf("slow first solver: got %+v, %v; want b's unsat after the delay", res, err)
	}
	if d := time.Since(start); d < 50*time.Millisecond || d > 10*time.Second {
		t.Fatalf("slow first solver: answered after %v, want after the 50ms delay and without waiting for it", d)
	}

	secondRuns.Store(0)
	givesUp := &countingSolver{name: "a", delay: time.Millisecond, status: Unknown, runs: &firstRuns}
	start = time.Now()
	res, err = Staggered(time.Minute, givesUp, other).Check(context.Background(), &Query{})
	if err != nil || res.Status != Unsat || res.Solver != "b" {
		t.Fatalf("first solver gives up: got %+v, %v; want b's unsat", res, err)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Fatalf("first solver gives up: answered after %v; the others waited for the delay", d)
	}

	both := &countingSolver{name: "b", delay: time.Millisecond, status: Unknown, runs: &secondRuns}
	res, err = Staggered(time.Minute, givesUp, both).Check(context.Background(), &Query{})
	if err != nil || res.Status != Unknown || res.Reason != "a: fixed; b: fixed" {
		t.Fatalf("both give up: got %+v, %v; want Unknown with both reasons", res, err)
	}
}

// A relay stops its first solver when the others start: a quick answer
// is the first's alone; after the delay the first is stopped (a slow one
// never answers), and the others get the rest of the query's time; when
// none decides, the first's reason says it was stopped.
func TestRelay(t *testing.T) {
	var firstRuns, secondRuns atomic.Int32
	quick := &countingSolver{name: "a", delay: time.Millisecond, status: Unsat, runs: &firstRuns}
	other := &countingSolver{name: "b", delay: time.Millisecond, status: Sat, runs: &secondRuns}
	res, err := Relay(time.Second, quick, other).Check(context.Background(), &Query{})
	if err != nil || res.Status != Unsat || res.Solver != "a" || secondRuns.Load() != 0 {
		t.Fatalf("quick first solver: got %+v, %v, second ran %d times; want a's unsat alone", res, err, secondRuns.Load())
	}

	// The first would answer unsat after a minute: the relay must not
	// wait for it, and b's sat is no disagreement with an answer that
	// never came.
	slow := &countingSolver{name: "a", delay: time.Minute, status: Unsat, runs: &firstRuns}
	var timeout time.Duration
	seen := &querySpy{Solver: other, timeout: &timeout}
	start := time.Now()
	res, err = Relay(50*time.Millisecond, slow, seen).Check(context.Background(), &Query{Timeout: 10 * time.Second})
	if err != nil || res.Status != Sat || res.Solver != "b" {
		t.Fatalf("slow first solver: got %+v, %v; want b's sat", res, err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Fatalf("slow first solver: answered after %v; the relay waited for the stopped solver", d)
	}
	if timeout >= 10*time.Second || timeout < 9*time.Second {
		t.Fatalf("the second solver got a timeout of %v; want the rest of 10s after the 50ms delay", timeout)
	}

	undecided := &countingSolver{name: "b", delay: time.Millisecond, status: Unknown, runs: &secondRuns}
	res, err = Relay(20*time.Millisecond, slow, undecided).Check(context.Background(), &Query{})
	if err != nil || res.Status != Unknown || res.Reason != "a: stopped after 20ms for the others; b: fixed" {
		t.Fatalf("none decides: got %+v, %v; want Unknown saying a was stopped", res, err)
	}
}

// querySpy records the timeout of the query its solver gets.
type querySpy struct {
	Solver
	timeout *time.Duration
}

func (s *querySpy) Check(ctx context.Context, q *Query) (*Result, error) {
	*s.timeout = q.Timeout
	return s.Solver.Check(ctx, q)
}
