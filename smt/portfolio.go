package smt

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
)

// A DisagreementError reports that solvers answered sat and unsat to the
// same query. It is never resolved silently: at least one solver (or the
// translation feeding it) is wrong.
type DisagreementError struct {
	// Results holds every definitive answer the portfolio received, in the
	// order the solvers were given.
	Results []*Result
}

func (e *DisagreementError) Error() string {
	parts := make([]string, len(e.Results))
	for i, r := range e.Results {
		parts[i] = r.Solver + " says " + r.Status.String()
	}
	return "smt: solvers disagree: " + strings.Join(parts, ", ")
}

type portfolio struct {
	solvers []Solver
	// stagger delays every solver but the first; see Staggered.
	stagger time.Duration
	// relay stops the first solver when the others start; see Relay.
	relay bool
}

// Portfolio returns a Solver that runs the given solvers in parallel on
// each query. The first definitive (sat or unsat) answer wins and the
// others are cancelled; Check returns only when every solver has stopped,
// so no process outlives it. Any definitive answer that arrives before a
// cancelled solver stops is compared with the winner, and a contradiction
// is a *DisagreementError. When no solver is definitive the answer is
// Unknown with each solver's reason (or error) joined, in the order given;
// when every solver fails, the errors are returned joined.
func Portfolio(solvers ...Solver) Solver {
	return &portfolio{solvers: append([]Solver(nil), solvers...)}
}

// Staggered returns a Portfolio whose first solver runs alone for delay:
// the others start only when it has not answered by then, or as soon as
// it stops without a definitive answer. Most checks a verifier asks take
// a fraction of a second, and racing two solvers on each doubles the CPU
// they cost; a hard check still gets every solver, delay later.
func Staggered(delay time.Duration, solvers ...Solver) Solver {
	return &portfolio{solvers: append([]Solver(nil), solvers...), stagger: delay}
}

// Relay returns a Staggered portfolio whose first solver is stopped when
// the others start, delay after it: they race for the rest of the
// query's time. A check that the first answers quickly costs one solver,
// as with Staggered; a hard one costs the CPU of the others alone, where
// Staggered spends the first's too until the end. Relay suits a first
// solver fast on easy checks and weak on hard ones.
func Relay(delay time.Duration, solvers ...Solver) Solver {
	return &portfolio{solvers: append([]Solver(nil), solvers...), stagger: delay, relay: delay > 0 && len(solvers) > 1}
}

func (p *portfolio) Name() string {
	names := make([]string, len(p.solvers))
	for i, s := range p.solvers {
		names[i] = s.Name()
	}
	return "portfolio(" + strings.Join(names, ",") + ")"
}

func (p *portfolio) Check(ctx context.Context, q *Query) (*Result, error) {
	if len(p.solvers) == 0 {
		return nil, errors.New("smt: portfolio: no solvers")
	}
	start := time.Now()
	runCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	type answer struct {
		i   int
		res *Result
		err error
	}
	ch := make(chan answer, len(p.solvers))
	stopFirst := func() {}
	run := func(i int) {
		sctx, q := runCtx, q
		if i == 0 && p.relay {
			var stop context.CancelFunc
			sctx, stop = context.WithCancel(runCtx)
			stopFirst = stop
		}
		if i > 0 && p.relay && q.Timeout > 0 {
			// the rest of the query's time
			q2 := *q
			q2.Timeout = max(q.Timeout-time.Since(start), time.Millisecond)
			q = &q2
		}
		go func() {
			res, err := p.solvers[i].Check(sctx, q)
			ch <- answer{i, res, err}
		}()
	}
	relayed := false
	started := len(p.solvers)
	var later <-chan time.Time
	if p.stagger > 0 && len(p.solvers) > 1 {
		started = 1
		t := time.NewTimer(p.stagger)
		defer t.Stop()
		later = t.C
	}
	for i := range started {
		run(i)
	}
	startRest := func() {
		if p.relay && started == 1 {
			stopFirst()
			relayed = true
		}
		for i := started; i < len(p.solvers); i++ {
			run(i)
		}
		started, later = len(p.solvers), nil
	}
	answers := make([]answer, len(p.solvers))
	var winner *Result
	for got := 0; got < started; {
		select {
		case <-later:
			if winner == nil && runCtx.Err() == nil {
				startRest()
			}
			later = nil
			continue
		case a := <-ch:
			got++
			answers[a.i] = a
			if a.err == nil && a.res != nil && a.res.Status.Definitive() && winner == nil {
				winner = a.res
				cancel()
			}
		}
		if got == started && winner == nil && started < len(p.solvers) && runCtx.Err() == nil {
			startRest() // the first gave up early: the others need not wait
		}
	}
	var definitive []*Result
	for _, a := range answers {
		if a.err == nil && a.res != nil && a.res.Status.Definitive() {
			definitive = append(definitive, a.res)
		}
	}
	for _, r := range definitive {
		if r.Status != definitive[0].Status {
			return nil, &DisagreementError{Results: definitive}
		}
	}
	if winner != nil {
		return winner, nil
	}
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("smt: portfolio: %w", err)
	}
	var (
		reasons []string
		errs    []error
	)
	for i, a := range answers {
		name := p.solvers[i].Name()
		if a.res == nil && a.err == nil {
			continue // never started
		}
		if i == 0 && relayed {
			reasons = append(reasons, fmt.Sprintf("%s: stopped after %s for the others", name, p.stagger))
			continue
		}
		if a.err != nil {
			errs = append(errs, a.err)
			reasons = append(reasons, name+": error: "+a.err.Error())
			continue
		}
		reasons = append(reasons, name+": "+a.res.Reason)
	}
	if n := started; len(errs) > 0 && (len(errs) == n || relayed && len(errs) == n-1) {
		return nil, errors.Join(errs...)
	}
	return &Result{Status: Unknown, Reason: strings.Join(reasons, "; "), Solver: p.Name(), Duration: time.Since(start)}, nil
}
