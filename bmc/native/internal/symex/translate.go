package symex

import (
	"context"
	"fmt"
	"github.com/suretydev/surety/smt"
	"maps"
	"slices"
	"strings"

	"github.com/suretydev/surety/bmc"
	"github.com/suretydev/surety/bmc/native/internal/ctree"
)

// Options choose what a translation models besides the program at its
// bound. The zero value is the program unrolled to K = 0.
type Options struct {
	// K bounds each loop's iterations and each recursion's depth.
	K int
	// Variant is the constant the switch of a variant schema takes, so
	// the formula is that variant's own program.
	Variant int
	// Safety, when set, records the safety checks (safety.go).
	Safety *SafetyRec
	// MallocMayFail lets allocations return NULL.
	MallocMayFail bool
	// Induction makes the translation a step case of k-induction
	// (induct.go): its script also declares ind<i>, which assumes
	// assertion i in the step case's assumed iterations.
	Induction *Induction
	// Summaries summarise the calls of their functions (summary.go):
	// main, or the step case of Summaries.Step; the script also declares
	// sumsel<i>, which assumes candidate i at every call.
	Summaries *Summaries
	// PastK lets a loop whose counter decides its condition run past K to
	// its end, as a real run would (loop.go): a proof of such a
	// translation does not rest on K, but its formula can be far larger.
	PastK bool
}

// Translate executes a parsed program symbolically under o.
func Translate(ctx context.Context, p *bmc.Program, cp *ctree.Program, o *Options) (tr *Translation, err error) {
	if o == nil {
		o = &Options{}
	}
	k, variant, rec, ind, sum := o.K, o.Variant, o.Safety, o.Induction, o.Summaries
	defer func() {
		if r := recover(); r != nil {
			if b, ok := r.(ctree.Bail); ok {
				tr, err = nil, b.Err
				return
			}
			tr, err = nil, fmt.Errorf("native: internal error: %v", r)
		}
	}()
	tr = &Translation{Opts: *o, Viol: make([][]smt.Term, len(p.Asserts))}
	x := &sym{ctx: ctx, p: cp, tr: tr, k: k, sw: p.Switch, variant: variant, rec: rec, inits: map[mkey]smt.Term{}, cellInits: map[mkey][]smt.Term{}, strs: map[*ctree.Expr]int{}, counts: map[string]int{}, maxDefs: 2_000_000,
		dead: map[int]bool{}, ind: ind, fobjs: map[*ctree.Func]int{}, sum: sum, pastK: o.PastK}
	for i := range p.Asserts {
		tr.Selector = append(tr.Selector, tr.Script.DeclareConst("sel"+itoa(i), smt.BoolSort))
		tr.Script.DeclareConst("keep"+itoa(i), smt.BoolSort)
		if ind != nil {
			tr.Script.DeclareConst("ind"+itoa(i), smt.BoolSort)
		}
	}
	if sum != nil {
		for i := range sum.Cands {
			tr.Script.DeclareConst("sumsel"+itoa(i), smt.BoolSort)
		}
	}
	if sum != nil && sum.Step != nil {
		x.runStep()
	} else {
		x.run()
	}
	tr.ItersPastK = x.extra
	tr.Defined = cp.Defined
	tr.Bodiless = cp.Bodiless
	for _, name := range slices.Sorted(maps.Keys(cp.Bodiless)) {
		if !strings.HasPrefix(name, "__VERIFIER_nondet_") {
			tr.Notes = append(tr.Notes, cp.Bodiless[name].Assumption(name))
		}
	}
	tr.Notes = append(tr.Notes, cp.Notes...)
	tr.vals = tr.collectValues()
	tr.UVals = append([]string(nil), tr.vals...)
	for _, g := range tr.UnwindGuards() {
		if g != smt.True && g != smt.False && !slices.Contains(tr.vals, string(g)) {
			tr.UVals = append(tr.UVals, string(g))
		}
	}
	tr.FP = strings.Contains(tr.Script.String(), "FloatingPoint")
	return tr, nil
}

// Selectors asserts which assertions the query assumes.
func (tr *Translation) Selectors(q *bmc.Query) string {
	on := map[int]bool{}
	for _, i := range q.Assume {
		if i != q.Target {
			on[i] = true
		}
	}
	var b smt.Script
	for i, s := range tr.Selector {
		if on[i] {
			b.Assert(s)
		} else {
			b.Assert(smt.Not(s))
		}
		if on[i] || i == q.Target {
			b.Assert(keepVar(i))
		} else {
			b.Assert(smt.Not(keepVar(i)))
		}
	}
	return b.String()
}

// AssumeAll asserts every assertion as an assumption: the program as
// written, where a failing assertion stops the run.
func (tr *Translation) AssumeAll() string {
	var b smt.Script
	for i, s := range tr.Selector {
		b.Assert(s)
		b.Assert(keepVar(i))
	}
	return b.String()
}

// Inducted asserts, for a step case, which assertion its assumed
// iterations assume: the target alone.
func (tr *Translation) Inducted(target int) string {
	var b smt.Script
	for i := range tr.Selector {
		if i == target {
			b.Assert(indVar(i))
		} else {
			b.Assert(smt.Not(indVar(i)))
		}
	}
	return b.String()
}

// keepVar is the Bool that keeps assertion i's statement (and its
// effects) in the rendered query: true when it is the target or assumed.
// indVar assumes assertion i in a step case's assumed iterations.
func keepVar(i int) smt.Term { return smt.Var("keep" + itoa(i)) }
func indVar(i int) smt.Term  { return smt.Var("ind" + itoa(i)) }
