package symex

import (
	"github.com/suretydev/surety/smt"
	"slices"

	"github.com/suretydev/surety/bmc/native/internal/ctree"
)

// Function pointers. Each function whose address the program takes
// stands for an object of no cells, so a function pointer is a pointer
// like any other (NULL is object 0): it is stored, copied, compared and
// held in arrays and structs as one. A call through a pointer is a case
// split over the candidates (ctree's Expr.Cands: the address-taken
// functions of the pointer's signature), each inlined under the guard
// that the pointer is its address. The paths where it is none of them
// end there: NULL is a SIGSEGV in a real run (gcc -O0 calls address 0),
// and any other value (an uninitialised pointer) is undefined behaviour
// that the model assumes away (AsmFuncPtr), listed where the pointer is
// not known to hold a candidate or NULL.

// funcObj is the object that stands for function f.
func (x *sym) funcObj(f *ctree.Func) int {
	if o, ok := x.fobjs[f]; ok {
		return o
	}
	o := x.newObj("function "+f.Name, nil, false)
	x.objs[o].cells = 0
	x.objs[o].sorts = map[string]bool{} // no data access reaches it
	x.fobjs[f] = o
	return o
}

// callThrough is a call through a function pointer (e.X).
func (x *sym) callThrough(s *state, e *ctree.Expr) value {
	p := x.eval(s, e.X)
	args := x.evalArgs(s, e.Args)
	null := eq(ptrObj(p.s), bvInt(0, objW))
	if p.known && !containsInt(p.objs, 0) {
		null = smt.False
	}
	// a call through NULL: ASan's SEGV at address 0, reported at the
	// caller's line
	x.record(s, NullDereference, e, null, "")
	return x.callPtr(s, p, e.Cands, args, e.T, e.Line)
}

// callPtr calls the function that pointer p holds, one of cands, with
// args; its result has type ret.
func (x *sym) callPtr(s *state, p value, cands []*ctree.Func, args []value, ret *ctree.Type, line int) value {
	ps := x.def(smt.BitVecSort(64), p.s)
	var outs []*state
	var vals []value
	other := not(eq(ps, bvInt(0, 64))) // p is neither NULL nor a candidate
	for _, f := range cands {
		o := x.funcObj(f)
		if p.known && !slices.Contains(p.objs, o) {
			continue
		}
		hit := eq(ps, ptrLit(o, 0))
		other = and(other, not(hit))
		g := and(s.guard, hit)
		if g == smt.False {
			continue
		}
		si := s.withGuard(x.def(smt.BoolSort, g))
		v := x.inline(si, f, args, line)
		outs = append(outs, si)
		vals = append(vals, v)
	}
	if !p.known || slices.ContainsFunc(p.objs, func(o int) bool {
		return o != 0 && !slices.ContainsFunc(cands, func(f *ctree.Func) bool { return x.fobjs[f] == o })
	}) {
		// The pointer may hold something else than NULL or a candidate:
		// the answer lists the assumption when the query allows that
		// (bmc/native's assumptionsOf asks the solver).
		if bad := and(s.guard, other); bad != smt.False {
			x.tr.OOB[AsmFuncPtr] = append(x.tr.OOB[AsmFuncPtr], x.def(smt.BoolSort, bad))
		}
	}
	// The paths where p is no candidate end here: NULL stops a real
	// run, anything else is assumed away.
	m := x.merge(outs)
	if m == nil {
		d := s.clone()
		d.guard = smt.False
		m = d
	}
	*s = *m
	var live []value
	var gs []smt.Term
	for i, st := range outs {
		if !st.dead() {
			live = append(live, vals[i])
			gs = append(gs, st.guard)
		}
	}
	switch {
	case ret.Kind == ctree.KVoid:
		return value{t: ctree.TVoid}
	case len(live) == 0:
		if ret.Kind == ctree.KStruct {
			return ptrValue(x.newObj("return value", ret, false), 0, ctree.PtrTo(ret))
		}
		return x.nondet(ret, "dead")
	}
	sort := ret.SMTSort
	if ret.Kind == ctree.KStruct {
		sort = func() smt.Sort { return smt.BitVecSort(64) }
	}
	term := live[len(live)-1].s
	for i := len(live) - 2; i >= 0; i-- {
		term = ite(gs[i], live[i].s, term)
	}
	objs, known := unionObjs(live)
	return value{t: ret, s: x.def(sort(), term), objs: objs, known: known}
}
