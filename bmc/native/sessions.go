package native

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	"github.com/suretydev/surety/bmc/native/internal/symex"
	"github.com/suretydev/surety/smt"
)

// Incremental solving. The queries on one translation share its script and
// differ only in the selectors and the goal, so a solver process that holds
// the script answers each query as push, assert, check, pop: no start-up
// and no parse of the script, and what the solver learnt about the script
// in earlier checks stays. Only cvc5 runs so (see Checker.decider). Idle
// processes wait for the next query on their translation and are closed
// after idleFor without one, or by Close. Measured by BenchmarkExamples
// and BenchmarkEngines, default against fresh.

// idleFor is how long a solver process waits for its next query.
const idleFor = 3 * time.Second

// maxIdle bounds the idle processes of one checker.
const maxIdle = 8

// A warmKey names the processes that can take a query: same translation,
// solver and time limit.
type warmKey struct {
	tr      *symex.Translation
	solver  string
	timeout time.Duration
}

type warm struct {
	key   warmKey
	s     *smt.Session
	timer *time.Timer
}

// sessions keeps the idle processes of a checker.
type sessions struct {
	mu      sync.Mutex
	idle    []*warm      // oldest first
	started atomic.Int64 // processes started, for tests
}

// take returns an idle process for key, or nil.
func (p *sessions) take(key warmKey) *smt.Session {
	p.mu.Lock()
	defer p.mu.Unlock()
	for i := len(p.idle) - 1; i >= 0; i-- {
		if w := p.idle[i]; w.key == key && w.timer.Stop() {
			p.idle = append(p.idle[:i], p.idle[i+1:]...)
			return w.s
		}
	}
	return nil
}

// give keeps a process for the next query on its key, closing the oldest
// idle one when there are too many.
func (p *sessions) give(key warmKey, s *smt.Session) {
	w := &warm{key: key, s: s}
	p.mu.Lock()
	defer p.mu.Unlock()
	w.timer = time.AfterFunc(idleFor, func() { p.drop(w) })
	p.idle = append(p.idle, w)
	for len(p.idle) > maxIdle {
		old := p.idle[0]
		p.idle = p.idle[1:]
		if old.timer.Stop() {
			go old.s.Close()
		}
	}
}

// drop closes an idle process whose time ran out.
func (p *sessions) drop(w *warm) {
	p.mu.Lock()
	for i, x := range p.idle {
		if x == w {
			p.idle = append(p.idle[:i], p.idle[i+1:]...)
			break
		}
	}
	p.mu.Unlock()
	w.s.Close()
}

// closeAll closes every idle process and waits for them to end.
func (p *sessions) closeAll() {
	p.mu.Lock()
	idle := p.idle
	p.idle = nil
	p.mu.Unlock()
	for _, w := range idle {
		if w.timer.Stop() {
			w.s.Close()
		}
	}
}

// warmSolver is an smt.Solver over the processes that hold one
// translation's script: a Query's Script is only what the query adds (the
// selectors and the goal). Put into an smt.Portfolio it races like any
// solver; a process whose check is cancelled dies with it and is not kept.
type warmSolver struct {
	pool    *sessions
	solver  smt.Solver
	tr      *symex.Translation
	timeout time.Duration
}

func (w *warmSolver) Name() string { return w.solver.Name() }

func (w *warmSolver) Check(ctx context.Context, q *smt.Query) (*smt.Result, error) {
	key := warmKey{tr: w.tr, solver: w.solver.Name(), timeout: w.timeout}
	s := w.pool.take(key)
	if s == nil {
		var err error
		// The process outlives this query, so it is not tied to its ctx;
		// each call below is, and a cancelled call kills the process.
		s, err = smt.StartSession(context.Background(), w.solver, &smt.SessionOptions{Timeout: w.timeout})
		if err != nil {
			return nil, err
		}
		w.pool.started.Add(1)
		if err := s.Assert(ctx, w.tr.Script.String()); err != nil {
			s.Close()
			return nil, err
		}
	}
	res, err := w.check(ctx, s, q)
	if err != nil {
		s.Close()
		return nil, err
	}
	w.pool.give(key, s)
	return res, nil
}

func (w *warmSolver) check(ctx context.Context, s *smt.Session, q *smt.Query) (*smt.Result, error) {
	if err := s.Push(ctx); err != nil {
		return nil, err
	}
	if err := s.Assert(ctx, q.Script); err != nil {
		return nil, err
	}
	res, err := s.Check(ctx, q.Values...)
	if err != nil {
		return nil, err
	}
	if err := s.Pop(ctx); err != nil {
		return nil, err
	}
	return res, nil
}
