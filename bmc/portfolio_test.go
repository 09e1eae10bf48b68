package bmc

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/suretydev/surety/internal/proc"
)

// timed answers after a delay, or stops with ctx.
type timed struct {
	name      string
	delay     time.Duration
	status    Status
	err       error
	cancelled chan struct{}
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
	return &Result{Status: c.status, Engine: c.name, Reason: "budget", Duration: c.delay}, nil
}

func TestPortfolioFastWinsSlowCancelled(t *testing.T) {
	slow := &timed{name: "slow", delay: time.Minute, status: Falsified, cancelled: make(chan struct{})}
	fast := &timed{name: "fast", delay: 10 * time.Millisecond, status: Verified}
	p := &Portfolio{Checkers: []Checker{slow, fast}}
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

func TestPortfolioDisagreement(t *testing.T) {
	p := &Portfolio{Checkers: []Checker{
		&timed{name: "a", delay: time.Millisecond, status: Verified},
		&timed{name: "b", delay: 20 * time.Millisecond, status: Falsified},
	}, Crosscheck: true}
	r, err := p.Check(context.Background(), &Query{})
	if err != nil {
		t.Fatal(err)
	}
	if r.Status != Unknown || len(r.Disagreement) != 2 || !strings.HasPrefix(r.Reason, "disagreement: a VERIFIED, b FALSIFIED") {
		t.Errorf("result %+v, want UNKNOWN with the disagreement", r)
	}
	// Agreement is no disagreement.
	p.Checkers[1] = &timed{name: "b", delay: 5 * time.Millisecond, status: Verified}
	if r, _ := p.Check(context.Background(), &Query{}); r.Status != Verified || r.Disagreement != nil {
		t.Errorf("agreeing engines gave %+v", r)
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
	p := &Portfolio{Checkers: []Checker{sleeper{}, &timed{name: "fast", delay: 200 * time.Millisecond, status: Falsified}}}
	r, err := p.Check(context.Background(), &Query{})
	if err != nil || r.Status != Falsified {
		t.Fatalf("got %+v, %v", r, err)
	}
	if n := proc.Running(); n != 0 {
		t.Errorf("%d processes left running", n)
	}
}
