package native

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/suretydev/surety/bmc"
	"github.com/suretydev/surety/bmc/native/internal/ctree"
	"github.com/suretydev/surety/bmc/native/internal/symex"
	"github.com/suretydev/surety/smt"
)

// proofSummaries names a proof by recursion summaries (Result.Proof).
const proofSummaries = "recursion summaries"

// proofPastK names a complete unwinding in which loops whose counters
// decide their conditions ran past K to their end (symex's loop.go).
const proofPastK = "loops run to their end past k"

// summaries are what Houdini kept of a program's candidate summaries at
// one bound: the summarised functions, the candidates kept, and the
// unsat answers they rest on.
type summaries struct {
	sum   *symex.Summaries
	funcs []*ctree.Func
	live  []bool
	held  proof
	// why, when set, is why no summary could be proved (the candidates
	// are then all dropped).
	why string
}

// summarize decides q with the program's recursions summarised (symex's
// summary.go). The summaries kept are those every activation
// establishes from the calls it makes (Houdini over the step cases of
// all summarised functions at once); then the target is checked with
// every call replaced by them. No violation and every bound of the rest
// complete: VERIFIED for every execution. A violation: FALSIFIED only
// when its input makes a real run under gcc fail the target; otherwise
// nothing. res is nil when summaries decide nothing, with why ("" when
// the program has no recursion).
func (c *Checker) summarize(ctx context.Context, q *bmc.Query, deadline time.Time) (res *bmc.Result, why string, err error) {
	if c.opts.NoInduction {
		return nil, "", nil
	}
	cp, err := c.parsed(ctx, q.Program)
	if err != nil {
		return nil, "", nil // the translation reports it
	}
	if symex.CallsMain(cp) {
		return nil, "", nil
	}
	src, sw := sourceKey(q.Program)
	key := fmt.Sprintf("%s/%d%s/variant=%d", src, q.K, sw, q.Variant)
	sctx, cancel := context.WithDeadline(ctx, deadline)
	defer cancel()
	sm, err := c.sums.get(key, c.cacheSize(), func() (*summaries, error) {
		sm, err := c.proveSummaries(sctx, q, cp, key)
		if ctx.Err() != nil {
			// the query was cancelled, not the summaries' time spent:
			// not kept
			return nil, ctx.Err()
		}
		if err != nil && sctx.Err() != nil {
			// Their half of the check's time is spent: kept, so that
			// the program's other checks at this bound do not spend
			// theirs again.
			return &summaries{why: "timeout"}, nil
		}
		return sm, err
	})
	switch {
	case err != nil && ctx.Err() != nil:
		return nil, "summaries: " + err.Error(), nil
	case err != nil:
		return nil, "", err
	case sm == nil:
		return nil, "", nil // no recursion
	case sm.why != "":
		return nil, "summaries: " + sm.why, nil
	}
	tr, err := c.trs.get(key+"/sum=main", c.cacheSize(), func() (*symex.Translation, error) {
		o := c.options(q.K, q.Variant)
		o.Summaries, o.PastK = sm.sum, true
		return symex.Translate(sctx, q.Program, cp, &o)
	})
	if err != nil {
		why, err := notTranslated("summaries: ", err)
		return nil, why, err
	}
	d, err := c.decider(tr, time.Until(deadline))
	if err != nil {
		return nil, "", err
	}
	kept := keptSummaries(sm.sum.Cands, sm.live)
	sel := tr.Selectors(q) + tr.SumSels(sm.live)
	goal := assertAny(tr.Viol[q.Target])
	sr, err := c.solve(sctx, d, sel+goal, tr.Values(), time.Until(deadline))
	if err != nil {
		return nil, "", err
	}
	switch sr.Status {
	case smt.Sat:
		if !q.UnwindingAssertions {
			// A bounded query asks of the runs within its bound; a
			// violation deeper than it is the unwinding check's to find.
			return nil, "", nil
		}
		cex := tr.Counterexample(sr.Model)
		if ok, _, why := c.replay(ctx, q, tr, cex); !ok {
			return nil, "summaries (" + kept + "): a violation that did not replay: " + why, nil
		}
		trimSteps(cex.Cex, q.Program.Asserts[q.Target].SrcLine)
		return &bmc.Result{Engine: c.Name(), Status: bmc.Falsified, Replayed: true, Counterexample: cex.Cex, Assumptions: uninitAssumed(cex.Cex),
			Reason: "the target fails on a run found with the recursion summarised (" + kept + "), replayed under gcc"}, "", nil
	case smt.Unknown:
		return nil, "summaries (" + kept + "): solver: " + sr.Reason, nil
	}
	pf := &proof{steps: append([]proofStep(nil), sm.held.steps...)}
	pf.add("summaries: the violation check", tr, sel+goal, sr)
	if len(tr.Unwind) > 0 {
		goal := assertAny(tr.UnwindGuards())
		sr, err := c.solve(sctx, d, sel+goal, nil, time.Until(deadline))
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
	if res.Assumptions, err = c.assumptionsOf(sctx, d, tr, sel, time.Until(deadline)); err != nil {
		return nil, "", err
	}
	if !q.UnwindingAssertions {
		return res, "", nil
	}
	res, err = c.complete(sctx, res, pf, deadline)
	switch {
	case err != nil:
		return nil, "", err
	case res.Status == bmc.Unknown:
		return nil, "summaries: " + res.Reason, nil
	}
	res.Proof = proofSummaries
	return res, "", nil
}

// proveSummaries runs Houdini over the step cases of the program's
// summarised functions: it drops every candidate that a return breaks
// while the kept ones are assumed at the calls, until none is broken. A
// solver that cannot decide first costs the products of parameters, then
// every candidate. The result is nil when the program has no recursion.
func (c *Checker) proveSummaries(ctx context.Context, q *bmc.Query, cp *ctree.Program, key string) (*summaries, error) {
	funcs, cands, why := symex.Summarizable(cp)
	if len(funcs) == 0 {
		if why == "no recursion" {
			return nil, nil
		}
		return &summaries{why: why}, nil
	}
	sm := &summaries{sum: &symex.Summaries{Funcs: map[*ctree.Func]bool{}, Cands: cands}, funcs: funcs, live: make([]bool, len(cands))}
	for _, f := range funcs {
		sm.sum.Funcs[f] = true
	}
	for i := range sm.live {
		sm.live[i] = true
	}
	steps := make([]*symex.Translation, len(funcs))
	for i, f := range funcs {
		var err error
		steps[i], err = c.trs.get(key+"/sum="+f.Name, c.cacheSize(), func() (*symex.Translation, error) {
			s := *sm.sum
			s.Step = f
			o := c.options(q.K, q.Variant)
			o.Summaries, o.PastK = &s, true
			return symex.Translate(ctx, q.Program, cp, &o)
		})
		if err != nil {
			why, err := notTranslated("", err)
			if err != nil {
				return nil, err
			}
			return &summaries{why: why}, nil
		}
	}
	for changed := true; changed; {
		changed = false
		sm.held = proof{}
		for i, f := range funcs {
			tr := steps[i]
			var bad []smt.Term
			var idx []int
			for j, cd := range cands {
				if cd.Fn == f && sm.live[j] {
					bad = append(bad, tr.SumBad[j])
					idx = append(idx, j)
				}
			}
			if len(bad) == 0 {
				continue
			}
			d, err := c.decider(tr, time.Until(deadlineOf(ctx)))
			if err != nil {
				return nil, err
			}
			add := tr.SumSels(sm.live) + assertAny(bad)
			sr, err := c.solve(ctx, d, add, texts(bad), time.Until(deadlineOf(ctx)))
			if err != nil {
				return nil, err
			}
			switch sr.Status {
			case smt.Unsat:
				sm.held.add(fmt.Sprintf("summaries: the step case of %s", f.Name), tr, add, sr)
				continue
			case smt.Unknown:
				dropped := false
				for j, cd := range cands {
					if cd.Nonlinear && sm.live[j] {
						sm.live[j], dropped = false, true
					}
				}
				if !dropped {
					return &summaries{why: "solver: " + sr.Reason}, nil
				}
				changed = true
				continue
			}
			n := 0
			for k, j := range idx {
				if symex.IsTrue(sr.Model, bad[k]) {
					sm.live[j] = false
					n++
				}
			}
			if n == 0 {
				return &summaries{why: "a model broke no candidate it was asked about"}, nil
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
		d, err := c.decider(tr, time.Until(deadlineOf(ctx)))
		if err != nil {
			return nil, err
		}
		add := tr.SumSels(sm.live) + assertAny(tr.UnwindGuards())
		sr, err := c.solve(ctx, d, add, nil, time.Until(deadlineOf(ctx)))
		if err != nil {
			return nil, err
		}
		if sr.Status != smt.Unsat {
			return &summaries{why: fmt.Sprintf("a loop of %s can run more than k=%d times", f.Name, q.K)}, nil
		}
		sm.held.add(fmt.Sprintf("summaries: the bounds of %s", f.Name), tr, add, sr)
	}
	return sm, nil
}

// deadlineOf is ctx's deadline (a summary's always has one).
func deadlineOf(ctx context.Context) time.Time {
	d, ok := ctx.Deadline()
	if !ok {
		return time.Now().Add(time.Minute)
	}
	return d
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
