package bmc

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"
)

// A Portfolio is a Checker that runs several checkers on the same query at
// once; the first definitive answer (VERIFIED or FALSIFIED) wins and the
// others are cancelled. If two engines give opposite definitive answers,
// the portfolio never picks a side: it answers UNKNOWN with Reason
// "disagreement: ..." and Result.Disagreement listing every definitive
// answer. Answers that come in before the cancellation takes effect are
// compared too; with Crosscheck the portfolio waits for every engine, so
// every disagreement is seen.
//
// If no engine answers definitively the result is UNKNOWN with every
// engine's reason; if every engine failed, the errors are returned joined.
type Portfolio struct {
	Checkers []Checker
	// Crosscheck waits for all engines instead of cancelling the rest
	// after the first definitive answer.
	Crosscheck bool
}

// Name is "portfolio(a,b,...)" with the member names in the given order.
func (p *Portfolio) Name() string {
	ns := make([]string, len(p.Checkers))
	for i, c := range p.Checkers {
		ns[i] = c.Name()
	}
	return "portfolio(" + strings.Join(ns, ",") + ")"
}

// Version joins the members' versions, for the result cache key.
func (p *Portfolio) Version(ctx context.Context) (string, error) {
	vs := make([]string, len(p.Checkers))
	for i, c := range p.Checkers {
		vs[i] = engineID(ctx, c)
	}
	return strings.Join(vs, "; "), nil
}

type answer struct {
	res *Result
	err error
	who string
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
	for _, c := range p.Checkers {
		go func() {
			defer func() {
				if v := recover(); v != nil {
					ch <- answer{err: fmt.Errorf("bmc: checker %s panicked: %v", c.Name(), v), who: c.Name()}
				}
			}()
			r, err := c.Check(ctx, q)
			if err == nil && r == nil {
				err = fmt.Errorf("bmc: checker %s returned no result", c.Name())
			}
			ch <- answer{res: r, err: err, who: c.Name()}
		}()
	}
	var (
		first    *Result
		definite []*Result
		unknown  []string
		errs     []error
	)
	for range p.Checkers {
		a := <-ch
		switch {
		case a.err != nil:
			if first != nil && errors.Is(a.err, context.Canceled) {
				continue // cancelled because another engine won
			}
			errs = append(errs, a.err)
		case a.res.Status == Unknown:
			if first == nil || ctx.Err() == nil {
				unknown = append(unknown, a.who+": "+a.res.Reason)
			}
		default:
			definite = append(definite, a.res)
			if first == nil {
				first = a.res
				if !p.Crosscheck {
					cancel()
				}
			}
		}
	}
	if first != nil {
		var d []EngineAnswer
		for _, r := range definite {
			if r.Status != first.Status {
				d = definiteAnswers(definite)
				break
			}
		}
		if d != nil {
			parts := make([]string, len(d))
			for i, e := range d {
				parts[i] = e.Engine + " " + e.Status.String()
			}
			return &Result{Status: Unknown, Engine: p.Name(), Reason: "disagreement: " + strings.Join(parts, ", "),
				Disagreement: d, Duration: maxDuration(definite)}, nil
		}
		return first, nil
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
