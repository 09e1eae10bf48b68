package bmc

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
	"time"
)

// A Portfolio is a Checker that runs several checkers on the same query at
// once and answers only what they do not contradict.
//
// By default it waits for every engine to answer (or time out), so its
// answer depends on what the engines say and never on which was faster:
// VERIFIED or FALSIFIED when at least one engine says so and none says the
// opposite, UNKNOWN with Reason "disagreement: ..." and
// Result.Disagreement listing every definitive answer when two engines
// contradict each other. Before it counts, every FALSIFIED answer whose
// engine did not reproduce it (Result.Replayed) is replayed under gcc
// (Replay); one that does not reproduce counts as UNKNOWN, its claim kept
// in the reason.
//
// With First, the first definitive answer wins and the other engines are
// cancelled: faster, but an engine that would have contradicted it is not
// heard. Its Name says so ("first(...)").
//
// If no engine answers definitively the result is UNKNOWN with every
// engine's reason; if every engine failed, the errors are returned joined.
type Portfolio struct {
	Checkers []Checker
	// First takes the first definitive answer and cancels the rest instead
	// of waiting for every engine to agree.
	First bool
	// Replay configures the replay of unconfirmed counterexamples; nil
	// means the defaults.
	Replay *ReplayOptions
}

// Name is "portfolio(a,b,...)" with the member names in the given order,
// or "first(a,b,...)" with First.
func (p *Portfolio) Name() string {
	ns := make([]string, len(p.Checkers))
	for i, c := range p.Checkers {
		ns[i] = c.Name()
	}
	kind := "portfolio"
	if p.First {
		kind = "first"
	}
	return kind + "(" + strings.Join(ns, ",") + ")"
}

// Version joins the members' versions, for the result cache key.
func (p *Portfolio) Version(ctx context.Context) (string, error) {
	vs := make([]string, len(p.Checkers))
	for i, c := range p.Checkers {
		vs[i] = engineID(ctx, c)
	}
	mode := "all"
	if p.First {
		mode = "first"
	}
	return mode + ": " + strings.Join(vs, "; "), nil
}

type answer struct {
	res *Result
	err error
	who int // index in Checkers
}

// Check runs the query on every member.
func (p *Portfolio) Check(ctx context.Context, q *Query) (*Result, error) {
	if len(p.Checkers) == 0 {
		return nil, errors.New("bmc: portfolio has no checkers")
	}
	parent := ctx
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	ch := make(chan answer, len(p.Checkers))
	for i, c := range p.Checkers {
		go func() {
			defer func() {
				if v := recover(); v != nil {
					ch <- answer{err: fmt.Errorf("bmc: checker %s panicked: %v", c.Name(), v), who: i}
				}
			}()
			r, err := c.Check(ctx, q)
			if err == nil && r == nil {
				err = fmt.Errorf("bmc: checker %s returned no result", c.Name())
			}
			if err == nil {
				r, err = confirm(ctx, q, r, p.Replay)
			}
			ch <- answer{res: r, err: err, who: i}
		}()
	}
	answers := make([]*answer, len(p.Checkers))
	won := false
	for range p.Checkers {
		a := <-ch
		if won && a.err != nil && errors.Is(a.err, context.Canceled) {
			continue // cancelled because another engine won
		}
		answers[a.who] = &a
		if p.First && a.err == nil && a.res.Status != Unknown && !won {
			won = true
			cancel()
		}
	}
	var (
		definite []*Result
		unknown  []string
		errs     []error
	)
	for _, a := range answers { // in checker order: the result does not depend on timing
		switch {
		case a == nil:
		case a.err != nil:
			errs = append(errs, a.err)
		case a.res.Status == Unknown:
			if !won {
				unknown = append(unknown, p.Checkers[a.who].Name()+": "+a.res.Reason)
			}
		default:
			definite = append(definite, a.res)
		}
	}
	// A hazard one engine found is the program's, not that engine's: no
	// other engine's verdict stands over it.
	var hazards []Hazard
	for _, a := range answers {
		if a != nil && a.err == nil {
			hazards = append(hazards, a.res.Hazards...)
		}
	}
	if len(hazards) > 0 {
		return &Result{Status: Unknown, Engine: p.Name(), Reason: "not modelled faithfully: " + hazards[0].String(), Hazards: hazards}, nil
	}
	if len(definite) > 0 {
		return p.verdict(definite), nil
	}
	if err := parent.Err(); err != nil {
		return nil, fmt.Errorf("bmc: portfolio: %w", err)
	}
	if len(unknown) > 0 {
		for _, e := range errs {
			unknown = append(unknown, "error: "+e.Error())
		}
		sort.Strings(unknown)
		return &Result{Status: Unknown, Engine: p.Name(), Reason: strings.Join(unknown, "; ")}, nil
	}
	return nil, fmt.Errorf("bmc: portfolio: every engine failed: %w", errors.Join(errs...))
}

// verdict combines the definitive answers, given in checker order, by
// the rule of evidence (Combine).
func (p *Portfolio) verdict(definite []*Result) *Result { return Combine(p.Name(), definite) }

// confirm checks a FALSIFIED answer that its engine did not reproduce by
// replaying it; one that does not reproduce becomes UNKNOWN, the engine's
// claim and the failed replay in the reason. This holds in a query with
// unwinding assertions too: a violation of the target found there is a
// violation like any other. Unwinding counterexamples (Result.Unwound: a
// loop running past the bound) weaken a fact, never make one, and are
// left to the engine.
func confirm(ctx context.Context, q *Query, r *Result, opts *ReplayOptions) (*Result, error) {
	if r.Status != Falsified || r.Replayed || r.Unwound {
		return r, nil
	}
	rp, err := Replay(ctx, q, r.Counterexample, opts)
	if err != nil {
		return nil, err
	}
	out := *r
	if rp.Reproduced {
		out.Replayed = true
		return &out, nil
	}
	out.Status = Unknown
	out.Reason = fmt.Sprintf("%s said FALSIFIED, not replayed: %s", r.Engine, rp.Why)
	return &out, nil
}

func sortedSet(ss []string) []string {
	if len(ss) == 0 {
		return nil
	}
	out := slices.Clone(ss)
	sort.Strings(out)
	return slices.Compact(out)
}

func definiteAnswers(rs []*Result) []EngineAnswer {
	d := make([]EngineAnswer, len(rs))
	for i, r := range rs {
		d[i] = EngineAnswer{Engine: r.Engine, Status: r.Status}
	}
	sort.Slice(d, func(i, j int) bool { return d[i].Engine < d[j].Engine })
	return d
}

func maxDuration(rs []*Result) (m time.Duration) {
	for _, r := range rs {
		if r.Duration > m {
			m = r.Duration
		}
	}
	return m
}
