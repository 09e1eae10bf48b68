package native

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/suretydev/surety/bmc"
	"github.com/suretydev/surety/bmc/native/internal/ctree"
	"github.com/suretydev/surety/bmc/native/internal/symex"
	"github.com/suretydev/surety/smt"
)

// induct proves q's target for every execution by k-induction at q.K,
// given its base case tr: the target VERIFIED at K with some bound not
// complete, unwound the model of the unwinding check that found it. It
// returns the modelling assumptions of the step cases, or why the proof
// did not go through ("" when induction was not tried); pf gets the
// unsat answers the proof rests on.
func (c *Checker) induct(ctx context.Context, q *bmc.Query, tr *symex.Translation, sel string, unwound map[string]smt.Value, deadline time.Time, pf *proof) (ok bool, assumptions []string, proved []bmc.Invariant, why string, err error) {
	if c.opts.NoInduction {
		return false, nil, nil, "", nil
	}
	cp, err := c.parsed(ctx, q.Program)
	if err != nil {
		return false, nil, nil, "", nil // the base case parsed it; cancelled
	}
	main := cp.Funcs["main"]
	if main == nil || main.Body == nil || symex.CallsMain(cp) {
		return false, nil, nil, "k-induction: main is called by the program", nil
	}
	loops := symex.TopLoops(main.Body)
	top := map[*ctree.Stmt]bool{}
	for _, l := range loops {
		top[l] = true
	}
	// The base case: every bound but the top loops' is complete. The
	// unwinding check's model (unwound) may already run one past k: then
	// asking again would only say so.
	const innerWhy = "a loop inside a loop or a function, or a recursion, can exceed k"
	var others []smt.Term
	for _, u := range tr.Unwind {
		if top[u.Loop] {
			continue
		}
		if symex.IsTrue(unwound, u.Guard) {
			return false, nil, nil, "k-induction: " + innerWhy, nil
		}
		others = append(others, u.Guard)
	}
	if len(others) > 0 {
		d, err := c.decider(tr, time.Until(deadline))
		if err != nil {
			return false, nil, nil, "", err
		}
		add := sel + assertAny(others)
		sr, err := c.solve(ctx, d, add, nil, time.Until(deadline))
		if err != nil {
			return false, nil, nil, "", err
		}
		if sr.Status != smt.Unsat {
			return false, nil, nil, stepWhy(sr, innerWhy), nil
		}
		pf.add("k-induction: the inner loops' and calls' bounds", tr, add, sr)
	}
	src, sw := sourceKey(q.Program)
	var asm []string
	// kept are the invariants proved of the loops inducted so far, which
	// the later step cases assume where they skip them.
	kept := map[*ctree.Stmt]symex.Kept{}
	for i, l := range loops {
		ind := &symex.Induction{Loop: l, Skip: map[*ctree.Stmt]bool{}, After: map[*ctree.Stmt]bool{}, Carry: kept}
		carried := ""
		for j, o := range loops[:i] {
			ind.Skip[o] = true
			if k, ok := kept[o]; ok {
				carried += fmt.Sprintf("/%d:%s", j, liveKey(k.Live))
			}
		}
		for _, o := range loops[i+1:] {
			ind.After[o] = true
		}
		key := fmt.Sprintf("%s/%d%s/variant=%d/ind=%d%s", src, q.K, sw, q.Variant, i, carried)
		// The step case runs loops past K as the base case does, which
		// makes the two cases one program's.
		o := c.options(q.K, q.Variant)
		o.Induction, o.PastK = ind, tr.Opts.PastK
		if o.PastK {
			key += "/past-k"
		}
		st, why, err := c.stepCase(ctx, q, cp, &o, key, deadline)
		if err == nil && why != "" && st != nil && st.retry && symex.HasSignedArith(l) {
			// The step case failed with the wraparound a havocked head
			// allows; C lets the program assume there is none.
			ind.NoOverflow = true
			st, why, err = c.stepCase(ctx, q, cp, &o, key+"/no-overflow", deadline)
		}
		if err != nil || why != "" {
			return false, nil, nil, why, err
		}
		if st == nil {
			continue // nothing to check in this step case
		}
		if st.live != nil {
			kept[l] = symex.Kept{Live: st.live, Print: st.tr.CandPrint}
		}
		if l.Op != ctree.SDo {
			for _, t := range st.texts {
				proved = append(proved, bmc.Invariant{Line: l.Line, Column: column(q.Program.Source, l.Span[0]), Function: "main", Expr: t})
			}
		}
		if pf != nil {
			pf.steps = append(pf.steps, st.pf.steps...)
		}
		asm = append(asm, st.asm...)
	}
	return true, asm, proved, "", nil
}

// A stepResult is a step case of k-induction that held: the candidate
// invariants Houdini kept (live, and in C where C can say them), the
// modelling assumptions, and the unsat answers it rests on. retry is set
// on a failed one whose step case was satisfiable, not undecided.
type stepResult struct {
	tr    *symex.Translation
	live  []bool
	texts []string
	asm   []string
	pf    proof
	retry bool
}

// stepCase checks the step case o.Induction selects. It returns nil and "" when
// the step case has nothing to check, and why it does not hold when it
// does not (with a result whose retry says whether it was refuted).
func (c *Checker) stepCase(ctx context.Context, q *bmc.Query, cp *ctree.Program, o *symex.Options, key string, deadline time.Time) (*stepResult, string, error) {
	ind := o.Induction
	l := ind.Loop
	tr2, err := c.trs.get(key, c.cacheSize(), func() (*symex.Translation, error) {
		return symex.Translate(ctx, q.Program, cp, o)
	})
	if err != nil {
		why, err := notTranslated("k-induction: ", err)
		return nil, why, err
	}
	goal := append([]smt.Term(nil), tr2.Viol[q.Target]...)
	for _, u := range tr2.Unwind {
		if !ind.After[u.Loop] {
			goal = append(goal, u.Guard)
		}
	}
	if len(goal) == 0 {
		return nil, "", nil
	}
	res := &stepResult{tr: tr2}
	sel2 := tr2.Selectors(q) + tr2.Inducted(q.Target)
	d, err := c.decider(tr2, time.Until(deadline))
	if err != nil {
		return nil, "", err
	}
	invs, texts, live, err := c.houdini(ctx, d, tr2, sel2, deadline, &res.pf, l.Line)
	if err != nil {
		return nil, "", err
	}
	res.live, res.texts = live, texts
	sel2 += invs
	step := sel2 + assertAny(goal)
	sr, err := c.solve(ctx, d, step, nil, time.Until(deadline))
	if err != nil {
		return nil, "", err
	}
	if sr.Status != smt.Unsat {
		res.retry = sr.Status == smt.Sat
		return res, stepWhy(sr, fmt.Sprintf("the step case of the loop at line %d does not hold at k=%d", l.Line, q.K)), nil
	}
	res.pf.add(fmt.Sprintf("k-induction: the step case of the loop at line %d", l.Line), tr2, step, sr)
	res.asm, err = c.assumptionsOf(ctx, d, tr2, sel2, time.Until(deadline))
	if err != nil {
		return nil, "", err
	}
	return res, "", nil
}

// notTranslated says why a translation made for a proof (a step case,
// a summary) failed, after prefix, when the program is the cause: a
// construct the engine does not model, a formula too large, the time
// spent. Any other error is surety's, and returned.
func notTranslated(prefix string, err error) (string, error) {
	var u *ctree.UnsupportedError
	switch {
	case errors.As(err, &u):
		return prefix + strings.TrimPrefix(u.What, prefix), nil
	case errors.Is(err, symex.ErrResource) || errors.Is(err, context.DeadlineExceeded):
		return prefix + err.Error(), nil
	}
	return "", err
}

// liveKey is a compact key of which candidates are kept.
func liveKey(live []bool) string {
	b := make([]byte, len(live))
	for i, on := range live {
		b[i] = '0'
		if on {
			b[i] = '1'
		}
	}
	return string(b)
}

// stepWhy says why a check of the induction did not prove what it asked.
func stepWhy(sr *smt.Result, sat string) string {
	if sr.Status == smt.Sat {
		return "k-induction: " + sat
	}
	return "k-induction: solver: " + sr.Reason
}

// sortedUnion is the sorted set of the strings of a and b.
func sortedUnion(a, b []string) []string {
	out := append(append([]string(nil), a...), b...)
	slices.Sort(out)
	return slices.Compact(out)
}

// column is the 1-based column of byte offset off in src.
func column(src []byte, off int) int {
	if off < 0 || off > len(src) {
		return 0
	}
	return off - bytes.LastIndexByte(src[:off], '\n')
}

// houdini returns the candidates of tr that hold at the loop's entry and
// that one iteration preserves, as the selectors to assert; base is what
// every check of the step case asserts. A solver that cannot decide keeps
// none: the step case then runs without invariants. pf gets the two
// unsat answers that the invariants kept rest on.
func (c *Checker) houdini(ctx context.Context, d smt.Solver, tr *symex.Translation, base string, deadline time.Time, pf *proof, line int) (string, []string, []bool, error) {
	if len(tr.Cands) == 0 {
		return "", nil, nil, nil
	}
	live := make([]bool, len(tr.Cands))
	for i := range live {
		live[i] = true
	}
	var held proof // the last unsat answer of each drop
	drop := func(bad func(symex.InvCand) smt.Term, assume bool) (bool, error) {
		for {
			var terms []smt.Term
			var sels smt.Script
			for i, cd := range tr.Cands {
				if live[i] {
					terms = append(terms, bad(cd))
				}
				if assume {
					if live[i] {
						sels.Assert(cd.Sel)
					} else {
						sels.Assert(smt.Not(cd.Sel))
					}
				}
			}
			if len(terms) == 0 {
				return true, nil
			}
			var goal smt.Script
			goal.Assert(smt.Or(terms...))
			add := base + sels.String() + goal.String()
			sr, err := c.solve(ctx, d, add, texts(terms), time.Until(deadline))
			if err != nil {
				return false, err
			}
			switch sr.Status {
			case smt.Unsat:
				what := "hold at its entry"
				if assume {
					what = "are kept by an iteration"
				}
				held.add(fmt.Sprintf("k-induction: the invariants of the loop at line %d %s", line, what), tr, add, sr)
				return true, nil
			case smt.Sat:
				n := 0
				for i, cd := range tr.Cands {
					if live[i] && symex.IsTrue(sr.Model, bad(cd)) {
						live[i] = false
						n++
					}
				}
				if n == 0 {
					return false, nil // a model that names no culprit
				}
			default:
				return false, nil
			}
		}
	}
	ok, err := drop(func(cd symex.InvCand) smt.Term { return cd.InitBad }, false)
	if err != nil || !ok {
		return symex.NoInvariants(tr), nil, nil, err
	}
	ok, err = drop(func(cd symex.InvCand) smt.Term { return cd.PostBad }, true)
	if err != nil || !ok {
		return symex.NoInvariants(tr), nil, nil, err
	}
	if pf != nil {
		pf.steps = append(pf.steps, held.steps...)
	}
	var b smt.Script
	var cTexts []string
	for i, cd := range tr.Cands {
		if live[i] {
			b.Assert(cd.Sel)
			if cd.Text != "" {
				cTexts = append(cTexts, cd.Text)
			}
		} else {
			b.Assert(smt.Not(cd.Sel))
		}
	}
	return b.String(), cTexts, live, nil
}
