package native

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/suretydev/surety/bmc"
	"github.com/suretydev/surety/bmc/native/internal/ctree"
	"github.com/suretydev/surety/bmc/native/internal/symex"
	"github.com/suretydev/surety/smt"
)

// A Property is an automatic safety property: a kind of undefined
// behaviour that Safety checks at every operation that can have it.
type Property = symex.Property

// The safety properties.
const (
	// ArrayBounds: a subscript of an array outside [0, len) (an address
	// &a[len] is legal), or a dereference outside the object's cells.
	ArrayBounds = symex.ArrayBounds
	// DivisionByZero: an integer / or % by zero.
	DivisionByZero = symex.DivisionByZero
	// SignedOverflow: signed + - * ++ -- unary - and compound assignments
	// whose result does not fit the type the operation is done in (after
	// promotions); INT_MIN / -1 and INT_MIN % -1.
	SignedOverflow = symex.SignedOverflow
	// NullDereference: reading or writing through a null pointer.
	NullDereference = symex.NullDereference
	// Shift: a shift count that is negative or not below the width of
	// the promoted left operand, or a signed left shift of a negative
	// value or into or past the sign bit.
	Shift = symex.Shift
)

// Properties lists every safety property, in a fixed order.
func Properties() []Property {
	return []Property{ArrayBounds, DivisionByZero, NullDereference, Shift, SignedOverflow}
}

// ErrUnknownProperty is returned for a property name Safety does not know.
var ErrUnknownProperty = errors.New("native: unknown safety property")

// ParseProperties parses a comma-separated list of property names ("" is
// every property, returned as nil).
func ParseProperties(list string) ([]Property, error) {
	var out []Property
	for _, f := range strings.Split(list, ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		p := Property(f)
		if !validProperty(p) {
			return nil, fmt.Errorf("%w %q (want %s)", ErrUnknownProperty, f, joinProps(Properties()))
		}
		out = append(out, p)
	}
	return out, nil
}

func validProperty(p Property) bool {
	for _, q := range Properties() {
		if p == q {
			return true
		}
	}
	return false
}

func joinProps(ps []Property) string {
	s := make([]string, len(ps))
	for i, p := range ps {
		s[i] = string(p)
	}
	return strings.Join(s, ", ")
}

// SafetyOptions configure Safety. The zero value is valid and a nil
// *SafetyOptions means the zero value; Safety never modifies it.
type SafetyOptions struct {
	// K is the unwind bound of loops and recursion; 0 means bmc.DefaultK.
	K int
	// Properties selects the claims reported; nil means every property.
	// Runs still end at a violation of any property, as a sanitized run
	// does, so the selection changes which claims are listed, not their
	// verdicts.
	Properties []Property
	// Timeout is the budget of each claim (and of the translation);
	// 0 means bmc.DefaultTimeout.
	Timeout time.Duration
}

// A Claim is one check site and its verdict: the operation Expr at Line of
// Func never has the undefined behaviour Property on any k-bounded
// execution (VERIFIED), it has it on an execution replayed under gcc's
// sanitizers (FALSIFIED, with the Counterexample), or neither could be
// shown (UNKNOWN, with the Reason).
type Claim struct {
	Property Property `json:"property"`
	Line     int      `json:"line"`
	Func     string   `json:"func"`
	// Expr is the C text checked, whitespace collapsed.
	Expr   string     `json:"expr"`
	Status bmc.Status `json:"status"`
	// Reason explains an UNKNOWN; for a FALSIFIED claim it quotes the
	// sanitizer's report.
	Reason         string              `json:"reason,omitempty"`
	Counterexample *bmc.Counterexample `json:"counterexample,omitempty"`
	// BoundComplete is set on a VERIFIED claim when no loop or recursion
	// of the program can run past the bound (an unwinding check over the
	// whole program, made once): then the claim holds on every execution,
	// not only on k-bounded ones.
	BoundComplete bool          `json:"bound_complete,omitempty"`
	Duration      time.Duration `json:"duration_ns"`
	// Assumptions are the modelling assumptions a VERIFIED claim depends
	// on, in words, sorted (as bmc.Result.Assumptions); the program's own
	// out-of-bounds accesses are claims here, not assumptions.
	Assumptions []string `json:"assumptions,omitempty"`
	// UndefinedRun is set when a replayed run of the claim's
	// counterexample met undefined behaviour at another site than the
	// claim's (the sanitizer's report): the claim stays UNKNOWN, but the
	// program has undefined behaviour on that run.
	UndefinedRun string `json:"undefined_run,omitempty"`
}

// Safety checks the automatic safety properties of a program: one claim
// per check site, ordered by line, then property, then expression text.
// The program runs as written, from main, with every assertion assumed (a
// run that fails an assertion stops there). One translation, made once
// and cached apart from Check's, serves every claim. A site that the
// k-bounded executions never reach has no claim; a site whose every
// execution constant folding proves safe is VERIFIED without a solver.
//
// An unsupported construct anywhere in the program is an error (wrapping
// the "unsupported: <construct> at line N" text): no site can be listed.
// So is code that runs outside main (a constructor, a destructor, an
// exit handler: bmc.Prescan's constructs), and, in a program with
// assertions, a change to assert (NDEBUG, the program's own assert):
// see screen.go.
func (c *Checker) Safety(ctx context.Context, p *bmc.Program, opts *SafetyOptions) (claims []Claim, err error) {
	defer func() {
		if r := recover(); r != nil {
			claims, err = nil, fmt.Errorf("native: internal error checking safety: %v", r)
		}
	}()
	var o SafetyOptions
	if opts != nil {
		o = *opts
	}
	if p == nil {
		return nil, errors.New("native: Safety without a program")
	}
	if o.K < 0 {
		return nil, fmt.Errorf("native: negative bound %d", o.K)
	}
	k := o.K
	if k == 0 {
		k = bmc.DefaultK
	}
	want := map[Property]bool{}
	for _, pr := range o.Properties {
		if !validProperty(pr) {
			return nil, fmt.Errorf("%w %q", ErrUnknownProperty, pr)
		}
		want[pr] = true
	}
	if len(o.Properties) == 0 {
		for _, pr := range Properties() {
			want[pr] = true
		}
	}
	timeout := o.Timeout
	if timeout <= 0 {
		timeout = bmc.DefaultTimeout
	}
	if _, err := c.solver(false); err != nil {
		return nil, err
	}
	sc, err := c.screened(ctx, p)
	if err != nil {
		return nil, fmt.Errorf("native: %w", err)
	}
	if err := sc.safetyRefusal(p); err != nil {
		return nil, fmt.Errorf("native: %s: %w", p.File, err)
	}
	tctx, cancel := context.WithTimeout(ctx, timeout)
	tr, rec, err := c.translateSafety(tctx, p, k)
	cancel()
	if err != nil {
		if ctx.Err() != nil {
			return nil, fmt.Errorf("native: %w", ctx.Err())
		}
		return nil, fmt.Errorf("native: %s: %w", p.File, err)
	}
	solver, err := c.decider(tr, timeout)
	if err != nil {
		return nil, err
	}
	var sites []*symex.Site
	for _, s := range rec.Sites {
		if want[s.Prop] {
			sites = append(sites, s)
		}
	}
	sort.Slice(sites, func(i, j int) bool { return siteLess(sites[i], sites[j]) })
	rp := &safetyReplay{c: c, p: p, tr: tr, rec: rec}
	defer rp.close()
	verdicts, err := c.decideAll(ctx, solver, tr, rec, rp, sites, timeout)
	if err != nil {
		return nil, err
	}
	claims = make([]Claim, 0, len(sites))
	anyVerified := false
	for _, s := range sites {
		claims = append(claims, *verdicts[s])
		anyVerified = anyVerified || verdicts[s].Status == bmc.Verified
	}
	if anyVerified {
		// the program's own accesses are claims here, not assumptions
		actx, cancel := context.WithTimeout(ctx, timeout)
		words, err := c.assumptionsOf(actx, solver, tr, tr.AssumeAll(), timeout, symex.AsmInBounds)
		cancel()
		if err != nil {
			return nil, err
		}
		for i := range claims {
			if claims[i].Status == bmc.Verified {
				claims[i].Assumptions = words
			}
		}
	}
	if anyVerified {
		complete, err := c.boundComplete(ctx, solver, tr, timeout)
		if err != nil {
			return nil, err
		}
		for i := range claims {
			claims[i].BoundComplete = complete && claims[i].Status == bmc.Verified
		}
	}
	return claims, nil
}

// boundComplete reports whether no execution of the program as written
// (assertions assumed, stopping at violations) can take a loop's back edge
// more than k times or recurse deeper: unsat of the unwinding violations.
// A timeout or unknown answer is false.
func (c *Checker) boundComplete(ctx context.Context, solver smt.Solver, tr *symex.Translation, timeout time.Duration) (bool, error) {
	if len(tr.Unwind) == 0 {
		return true, nil
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	goal := assertAny(tr.UnwindGuards())
	sr, err := c.solve(ctx, solver, tr.AssumeAll()+goal, nil, timeout)
	if err != nil {
		return false, err
	}
	return sr.Status == smt.Unsat, nil
}

// decideAll gives every site its verdict. Most sites are safe, so the
// open sites are asked together: unsat proves all of them at once; a
// model names at least one site it violates, which is then decided on
// its own (starting from that model), and the rest are asked again.
func (c *Checker) decideAll(ctx context.Context, solver smt.Solver, tr *symex.Translation, rec *symex.SafetyRec, rp *safetyReplay, sites []*symex.Site, timeout time.Duration) (map[*symex.Site]*Claim, error) {
	out := map[*symex.Site]*Claim{}
	var open []*symex.Site
	for _, s := range sites {
		if len(s.Viol) == 0 {
			cl := &Claim{Property: s.Prop, Line: s.Line, Func: s.Fn, Expr: s.Text, Status: bmc.Verified}
			if s.Inexact != "" {
				cl.Status, cl.Reason = bmc.Unknown, s.Inexact
			}
			out[s] = cl
			continue
		}
		open = append(open, s)
	}
	base := tr.AssumeAll()
	for len(open) > 1 {
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("native: %w", err)
		}
		start := time.Now()
		var all []smt.Term
		var vals []string
		for _, s := range open {
			all = append(all, s.Viol...)
			for _, v := range s.Viol {
				if v != smt.True {
					vals = append(vals, string(v))
				}
			}
		}
		gctx, cancel := context.WithTimeout(ctx, timeout)
		sr, err := c.solve(gctx, solver, base+assertAny(all), append(vals, tr.Values()...), timeout)
		cancel()
		if err != nil {
			return nil, err
		}
		if sr.Status == smt.Unsat {
			d := time.Since(start) / time.Duration(len(open))
			for _, s := range open {
				cl := &Claim{Property: s.Prop, Line: s.Line, Func: s.Fn, Expr: s.Text, Status: bmc.Verified, Duration: d}
				if s.Inexact != "" {
					cl.Status, cl.Reason = bmc.Unknown, s.Inexact
				}
				out[s] = cl
			}
			return out, nil
		}
		if sr.Status != smt.Sat {
			break // each site on its own, with its own budget
		}
		var rest []*symex.Site
		hit := false
		for _, s := range open {
			violated := false
			for _, v := range s.Viol {
				if symex.IsTrue(sr.Model, v) {
					violated = true
				}
			}
			if !violated {
				rest = append(rest, s)
				continue
			}
			hit = true
			cl, err := c.decide(ctx, solver, tr, rec, rp, s, timeout, sr.Model)
			if err != nil {
				return nil, err
			}
			out[s] = &cl
		}
		if !hit {
			break // the model says nothing the terms show: one by one
		}
		open = rest
	}
	for _, s := range open {
		if err := ctx.Err(); err != nil {
			return nil, fmt.Errorf("native: %w", err)
		}
		cl, err := c.decide(ctx, solver, tr, rec, rp, s, timeout, nil)
		if err != nil {
			return nil, err
		}
		out[s] = &cl
	}
	return out, nil
}

func siteLess(a, b *symex.Site) bool {
	if a.Line != b.Line {
		return a.Line < b.Line
	}
	if a.Prop != b.Prop {
		return a.Prop < b.Prop
	}
	if a.Text != b.Text {
		return a.Text < b.Text
	}
	return a.Fn < b.Fn
}

// translateSafety returns the shared translation of a program at bound k
// with the safety checks recorded, cached under its own key.
func (c *Checker) translateSafety(ctx context.Context, p *bmc.Program, k int) (*symex.Translation, *symex.SafetyRec, error) {
	src, sw := sourceKey(p)
	key := fmt.Sprintf("safety/%s/%d%s", src, k, sw)
	tr, err := c.trs.get(key, c.cacheSize(), func() (*symex.Translation, error) {
		cp, err := c.parses.get(src, c.cacheSize(), func() (*ctree.Program, error) { return parse(ctx, c.opts.GCC, p) })
		if err != nil {
			return nil, err
		}
		rec := &symex.SafetyRec{Sites: map[symex.SiteID]*symex.Site{}, Allocs: map[int]*symex.Alloc{}}
		o := c.options(k, 0)
		o.Safety, o.PastK = rec, true
		tr, err := symex.Translate(ctx, p, cp, &o)
		if err != nil {
			return nil, err
		}
		rec.Settle()
		tr.Safety = rec
		return tr, nil
	})
	if err != nil {
		return nil, nil, err
	}
	return tr, tr.Safety, nil
}

// decide gives one site its verdict.
// A model that violates the site, when given, is replayed first instead of
// asking the solver for one.
func (c *Checker) decide(ctx context.Context, solver smt.Solver, tr *symex.Translation, rec *symex.SafetyRec, rp *safetyReplay, s *symex.Site, timeout time.Duration, model map[string]smt.Value) (Claim, error) {
	start := time.Now()
	cl := Claim{Property: s.Prop, Line: s.Line, Func: s.Fn, Expr: s.Text}
	defer func() { cl.Duration = time.Since(start) }()
	if len(s.Viol) == 0 {
		if s.Inexact != "" {
			cl.Reason = s.Inexact
			return cl, nil
		}
		cl.Status = bmc.Verified
		return cl, nil
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	base := tr.AssumeAll()
	goal := assertAny(s.Viol)
	sr := &smt.Result{Status: smt.Sat, Model: model}
	if model == nil {
		var err error
		sr, err = c.solve(ctx, solver, base+goal, tr.Values(), timeout-time.Since(start))
		if err != nil {
			return cl, err
		}
	}
	switch sr.Status {
	case smt.Unknown:
		cl.Reason = "solver: " + sr.Reason
		return cl, nil
	case smt.Unsat:
		if s.Inexact != "" {
			cl.Reason = s.Inexact
			return cl, nil
		}
		cl.Status = bmc.Verified
		return cl, nil
	}
	cex := tr.Counterexample(sr.Model)
	ok, why, ub := rp.run(ctx, s, cex)
	cl.UndefinedRun = ub
	if !ok {
		// Ask for a run in which every scanf succeeds and no other site
		// goes wrong first, which a sanitizer would stop at.
		var extra strings.Builder
		if len(tr.Nice) > 0 {
			extra.WriteString(assertAll(tr.Nice))
		}
		for _, o := range rec.Sites {
			if o != s && len(o.Viol) > 0 {
				var sc smt.Script
				sc.Assert(smt.Not(smt.Or(append([]smt.Term{smt.False}, o.Viol...)...)))
				extra.WriteString(sc.String())
			}
		}
		sr2, err2 := c.solve(ctx, solver, base+goal+extra.String(), tr.Values(), timeout-time.Since(start))
		if err2 == nil && sr2.Status == smt.Sat {
			cex2 := tr.Counterexample(sr2.Model)
			if ok2, why2, ub2 := rp.run(ctx, s, cex2); ok2 {
				ok, why, cex = true, why2, cex2
				cl.UndefinedRun = ""
			} else {
				why += "; " + why2
				if cl.UndefinedRun == "" {
					cl.UndefinedRun = ub2
				}
			}
		}
	}
	cl.Counterexample = cex.Cex
	trimSteps(cex.Cex, s.Line)
	if !ok {
		cl.Reason = "counterexample did not replay: " + why
		return cl, nil
	}
	cl.Status = bmc.Falsified
	cl.Reason = why
	return cl, nil
}
