package smt

import (
	"context"
	"errors"
	"strings"
	"time"
)

type crossCheck struct{ solvers []Solver }

// CrossCheck returns a Solver that runs every given solver to completion
// on each query, for when one solver's word is not enough. Its answer is
// the definitive answer they share, with the model of the first solver (in
// the order given) that gave it, and Result.Solver naming every solver
// that agreed ("z3+cvc5"). Sat against unsat is a *DisagreementError. A
// solver that answers unknown or fails does not veto the others; when none
// is definitive the answer is Unknown with the reasons joined, and when all
// fail their errors are returned joined. Portfolio is the fast choice;
// CrossCheck costs the slowest solver's time.
func CrossCheck(solvers ...Solver) Solver {
	return &crossCheck{solvers: append([]Solver(nil), solvers...)}
}

func (c *crossCheck) Name() string {
	names := make([]string, len(c.solvers))
	for i, s := range c.solvers {
		names[i] = s.Name()
	}
	return "crosscheck(" + strings.Join(names, ",") + ")"
}

func (c *crossCheck) Check(ctx context.Context, q *Query) (*Result, error) {
	if len(c.solvers) == 0 {
		return nil, errors.New("smt: crosscheck: no solvers")
	}
	start := time.Now()
	type answer struct {
		res *Result
		err error
	}
	answers := make([]answer, len(c.solvers))
	done := make(chan struct{}, len(c.solvers))
	for i, s := range c.solvers {
		go func() {
			res, err := s.Check(ctx, q)
			answers[i] = answer{res, err}
			done <- struct{}{}
		}()
	}
	for range c.solvers {
		<-done
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	var (
		definitive []*Result
		reasons    []string
		errs       []error
	)
	for i, a := range answers {
		switch {
		case a.err != nil:
			errs = append(errs, a.err)
			reasons = append(reasons, c.solvers[i].Name()+": error: "+a.err.Error())
		case a.res.Status.Definitive():
			definitive = append(definitive, a.res)
		default:
			reasons = append(reasons, c.solvers[i].Name()+": "+a.res.Reason)
		}
	}
	if len(definitive) > 0 {
		names := make([]string, len(definitive))
		for i, r := range definitive {
			if r.Status != definitive[0].Status {
				return nil, &DisagreementError{Results: definitive}
			}
			names[i] = r.Solver
		}
		res := *definitive[0]
		res.Solver = strings.Join(names, "+")
		res.Duration = time.Since(start)
		return &res, nil
	}
	if len(errs) == len(answers) {
		return nil, errors.Join(errs...)
	}
	return &Result{Status: Unknown, Reason: strings.Join(reasons, "; "), Solver: c.Name(), Duration: time.Since(start)}, nil
}
