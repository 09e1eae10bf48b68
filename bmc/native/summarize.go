package native

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/suretydev/surety/bmc"
	"github.com/suretydev/surety/bmc/native/internal/ctree"
	"github.com/suretydev/surety/bmc/native/internal/symex"
	"github.com/suretydev/surety/smt"
)

// summarize decides q with the program's recursions summarised (symex's
// summary.go), when the bound cut a recursion or inlining it made the
// formula too large. The summaries kept are those every activation
// establishes from the calls it makes (Houdini over the step cases of
// all summarised functions at once); then the target is checked with
// every call replaced by them. No violation and every bound of the rest
// complete: VERIFIED for every execution. A violation: FALSIFIED only
// when its input makes a real run under gcc fail the target; otherwise
// nothing. res is nil when summaries decide nothing, with why.
func (c *Checker) summarize(ctx context.Context, q *bmc.Query, deadline time.Time) (res *bmc.Result, why string, err error) {
	cp, err := c.parsed(ctx, q.Program)
	if err != nil {
		return nil, "", nil // the base case parsed it; cancelled
	}
	funcs, cands, why := symex.Summarizable(cp)
	if len(funcs) == 0 {
		return nil, "summaries: " + why, nil
	}
	sum := &symex.Summaries{Funcs: map[*ctree.Func]bool{}, Cands: cands}
	for _, f := range funcs {
		sum.Funcs[f] = true
	}
	src, sw := sourceKey(q.Program)
	translate := func(step *ctree.Func) (*symex.Translation, error) {
		name := ""
		if step != nil {
			name = step.Name
		}
		key := fmt.Sprintf("%s/%d%s/variant=%d/sum=%s", src, q.K, sw, q.Variant, name)
		return c.trs.get(key, c.cacheSize(), func() (*symex.Translation, error) {
			s := *sum
			s.Step = step
			return symex.TranslateSummary(ctx, q.Program, cp, q.K, q.Variant, c.opts.MallocMayFail, &s)
		})
	}
	notDone := func(err error) (string, error) {
		var u *ctree.UnsupportedError
		switch {
		case errors.As(err, &u):
			return "summaries: " + u.What, nil
		case errors.Is(err, symex.ErrResource) || errors.Is(err, context.DeadlineExceeded):
			return "summaries: " + err.Error(), nil
		}
		return "", err
	}
	steps := make([]*symex.Translation, len(funcs))
	for i, f := range funcs {
		if steps[i], err = translate(f); err != nil {
			why, err := notDone(err)
			return nil, why, err
		}
	}
	pf := &proof{}
	live, why, err := c.summaries(ctx, funcs, steps, cands, deadline, pf)
	if err != nil || why != "" {
		return nil, why, err
	}
	tr, err := translate(nil)
	if err != nil {
		why, err := notDone(err)
		return nil, why, err
	}
	d, err := c.decider(tr, time.Until(deadline))
	if err != nil {
		return nil, "", err
	}
	sel := tr.Selectors(q) + tr.SumSels(live)
	kept := keptSummaries(cands, live)
	goal := assertAny(tr.Viol[q.Target])
	sr, err := c.solve(ctx, d, sel+goal, tr.Values(), time.Until(deadline))
	if err != nil {
		return nil, "", err
	}
	switch sr.Status {
	case smt.Sat:
		cex := tr.Counterexample(sr.Model)
		if ok, _, why := c.replay(ctx, q, tr, cex); !ok {
			return nil, "summaries (" + kept + "): a violation that did not replay: " + why, nil
		}
		trimSteps(cex.Cex, q.Program.Asserts[q.Target].SrcLine)
		return &bmc.Result{Engine: c.Name(), Status: bmc.Falsified, Replayed: true, Counterexample: cex.Cex,
			Reason: "the target fails on a run found with the recursion summarised (" + kept + "), replayed under gcc"}, "", nil
	case smt.Unknown:
		return nil, "summaries: solver: " + sr.Reason, nil
	}
	pf.add("summaries: the violation check", tr, sel+goal, sr)
	if len(tr.Unwind) > 0 {
		goal := assertAny(tr.UnwindGuards())
		sr, err := c.solve(ctx, d, sel+goal, nil, time.Until(deadline))
		if err != nil {
			return nil, "", err
		}
		if sr.Status != smt.Unsat {
			return nil, fmt.Sprintf("summaries (%s): a bound other than the recursion's is not complete at k=%d", kept, q.K), nil
		}
		pf.add("summaries: the unwinding check", tr, sel+goal, sr)
	}
	res = &bmc.Result{Engine: c.Name(), Status: bmc.Verified,
		Reason: "proved with the recursion summarised (" + kept + "), each summary proved by induction over the recursion"}
	if res.Assumptions, err = c.assumptionsOf(ctx, d, tr, sel, time.Until(deadline)); err != nil {
		return nil, "", err
	}
	if !q.UnwindingAssertions {
		return res, "", nil
	}
	res, err = c.complete(ctx, res, pf, deadline)
	return res, "", err
}

// summaries runs Houdini over the step cases: it drops every candidate
// that a return breaks while the kept ones are assumed at the calls,
// until none is broken. It returns the candidates kept, or why none can
// be (a solver that cannot decide, a loop in a summarised function whose
// bound is not complete). pf gets the final unsat answers.
func (c *Checker) summaries(ctx context.Context, funcs []*ctree.Func, steps []*symex.Translation, cands []symex.SumCand, deadline time.Time, pf *proof) (live []bool, why string, err error) {
	live = make([]bool, len(cands))
	for i := range live {
		live[i] = true
	}
	var held proof
	for changed := true; changed; {
		changed = false
		held = proof{}
		for i, f := range funcs {
			tr := steps[i]
			var bad []smt.Term
			var idx []int
			for j, cd := range cands {
				if cd.Fn == f && live[j] {
					bad = append(bad, tr.SumBad[j])
					idx = append(idx, j)
				}
			}
			if len(bad) == 0 {
				continue
			}
			d, err := c.decider(tr, time.Until(deadline))
			if err != nil {
				return nil, "", err
			}
			add := tr.SumSels(live) + assertAny(bad)
			sr, err := c.solve(ctx, d, add, texts(bad), time.Until(deadline))
			if err != nil {
				return nil, "", err
			}
			switch sr.Status {
			case smt.Unsat:
				held.add(fmt.Sprintf("summaries: the step case of %s", f.Name), tr, add, sr)
				continue
			case smt.Unknown:
				return nil, "summaries: solver: " + sr.Reason, nil
			}
			n := 0
			for k, j := range idx {
				if symex.IsTrue(sr.Model, bad[k]) {
					live[j] = false
					n++
				}
			}
			if n == 0 {
				return nil, "summaries: a model broke no candidate it was asked about", nil
			}
			changed = true
		}
	}
	// Every bound inside the summarised functions (a loop) is complete.
	for i, f := range funcs {
		tr := steps[i]
		if len(tr.Unwind) == 0 {
			continue
		}
		d, err := c.decider(tr, time.Until(deadline))
		if err != nil {
			return nil, "", err
		}
		add := tr.SumSels(live) + assertAny(tr.UnwindGuards())
		sr, err := c.solve(ctx, d, add, nil, time.Until(deadline))
		if err != nil {
			return nil, "", err
		}
		if sr.Status != smt.Unsat {
			return nil, fmt.Sprintf("summaries: a loop of %s can run more than k times", f.Name), nil
		}
		held.add(fmt.Sprintf("summaries: the bounds of %s", f.Name), tr, add, sr)
	}
	pf.steps = append(pf.steps, held.steps...)
	return live, "", nil
}

// keptSummaries lists the kept candidates in C, or says none was kept.
func keptSummaries(cands []symex.SumCand, live []bool) string {
	var out []string
	for i, cd := range cands {
		if live[i] {
			out = append(out, cd.Text)
		}
	}
	if len(out) == 0 {
		return "no summary kept"
	}
	if len(out) > 6 {
		return strings.Join(out[:6], ", ") + fmt.Sprintf(" and %d more", len(out)-6)
	}
	return strings.Join(out, ", ")
}
