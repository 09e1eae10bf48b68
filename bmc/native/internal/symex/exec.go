package symex

import (
	"github.com/suretydev/surety/smt"
	"math/big"

	"github.com/suretydev/surety/bmc/native/internal/ctree"
)

// stmt executes st in s and returns the state after it.
func (x *sym) stmt(s *state, st *ctree.Stmt) *state {
	if s.dead() && !x.awaited(st) {
		return s
	}
	switch st.Op {
	case ctree.SEmpty:
		return s
	case ctree.SBlock:
		for _, c := range st.List {
			s = x.stmt(s, c)
			if s.dead() && !x.awaited(st) {
				return s
			}
		}
		return s
	case ctree.SGoto:
		x.step(s, st.Line)
		fc := x.funcs[len(x.funcs)-1]
		if fc.gotos == nil {
			fc.gotos = map[string][]*state{}
		}
		fc.gotos[st.Label] = append(fc.gotos[st.Label], s.clone())
		s.guard = smt.False
		return s
	case ctree.SLabel:
		fc := x.funcs[len(x.funcs)-1]
		if ps := fc.gotos[st.Label]; len(ps) > 0 {
			delete(fc.gotos, st.Label)
			s = x.merge(append([]*state{s}, ps...))
		}
		return x.stmt(s, st.Body)
	case ctree.SDecl:
		x.step(s, st.Line)
		for _, v := range st.Decls {
			x.declare(s, v, st.Line, st.Uninit)
		}
		return s
	case ctree.SExpr:
		x.step(s, st.Line)
		x.eval(s, st.X)
		return s
	case ctree.SIf:
		if s.dead() {
			// run only to join gotos waiting in a branch
			s1 := x.stmt(s.clone(), st.Body)
			if st.Else != nil {
				s = x.stmt(s, st.Else)
			}
			return x.merge([]*state{s1, s})
		}
		x.step(s, st.Line)
		c := truth(x.eval(s, st.X))
		if c == smt.True {
			s = x.stmt(s, st.Body)
			if st.Else != nil && len(st.Else.Labels) > 0 {
				// a goto may wait in the branch not taken
				d := s.clone()
				d.guard = smt.False
				return x.merge([]*state{s, x.stmt(d, st.Else)})
			}
			return s
		}
		if c == smt.False {
			var s1 *state
			if len(st.Body.Labels) > 0 {
				d := s.clone()
				d.guard = smt.False
				s1 = x.stmt(d, st.Body)
			}
			if st.Else != nil {
				s = x.stmt(s, st.Else)
			}
			if s1 != nil {
				return x.merge([]*state{s1, s})
			}
			return s
		}
		c = x.def(smt.BoolSort, c)
		g := s.guard
		st1 := s.withGuard(x.def(smt.BoolSort, and(g, c)))
		st2 := s
		st2.guard = x.def(smt.BoolSort, and(g, not(c)))
		st1 = x.stmt(st1, st.Body)
		if st.Else != nil {
			st2 = x.stmt(st2, st.Else)
		}
		return x.merge([]*state{st1, st2})
	case ctree.SWhile, ctree.SFor, ctree.SDo:
		return x.loop(s, st)
	case ctree.SBreak:
		x.step(s, st.Line)
		if len(x.breaks) == 0 {
			x.fail(st.Line, "break outside a loop")
		}
		x.breaks[len(x.breaks)-1] = append(x.breaks[len(x.breaks)-1], s.clone())
		s.guard = smt.False
		return s
	case ctree.SContinue:
		x.step(s, st.Line)
		if len(x.conts) == 0 {
			x.fail(st.Line, "continue outside a loop")
		}
		x.conts[len(x.conts)-1] = append(x.conts[len(x.conts)-1], s.clone())
		s.guard = smt.False
		return s
	case ctree.SReturn:
		x.step(s, st.Line)
		fc := x.funcs[len(x.funcs)-1]
		var v value
		if st.X != nil {
			v = x.eval(s, st.X)
			if fc.fn.Ret.Kind == ctree.KStruct {
				dst := ptrValue(fc.retObj, 0, ctree.PtrTo(fc.fn.Ret))
				x.copyCells(s, dst, v, fc.fn.Ret, st.Line)
				v = dst
			}
		}
		if fc.fn.Ret.Kind == ctree.KVoid {
			v = value{}
		}
		fc.rets = append(fc.rets, s.clone())
		fc.vals = append(fc.vals, v)
		s.guard = smt.False
		return s
	case ctree.SSwitch:
		return x.switchStmt(s, st)
	case ctree.SAssert:
		x.step(s, st.Line)
		if x.quiet > 0 {
			return x.assumeAssert(s, st)
		}
		if sideEffects(st.X) || st.Body != nil {
			// The rendered query keeps the statement (and its effects)
			// only when it is the target or assumed: keep_i says which.
			keep := keepVar(st.Assert)
			g := s.guard
			s1 := s.withGuard(x.def(smt.BoolSort, and(g, keep)))
			c := x.def(smt.BoolSort, truth(x.eval(s1, st.X)))
			x.tr.Viol[st.Assert] = append(x.tr.Viol[st.Assert], x.def(smt.BoolSort, and(s1.guard, not(c))))
			s1.guard = x.def(smt.BoolSort, and(s1.guard, implies(x.tr.Selector[st.Assert], c)))
			s.guard = x.def(smt.BoolSort, and(g, not(keep)))
			if st.Body != nil {
				s = x.stmt(s, st.Body) // what runs where the assertion is dropped
			}
			return x.merge([]*state{s1, s})
		}
		c := x.def(smt.BoolSort, truth(x.eval(s, st.X)))
		x.tr.Viol[st.Assert] = append(x.tr.Viol[st.Assert], x.def(smt.BoolSort, and(s.guard, not(c))))
		s.guard = x.def(smt.BoolSort, and(s.guard, implies(x.tr.Selector[st.Assert], c)))
		return s
	case ctree.SCase:
		x.fail(st.Line, "case label outside a switch")
	}
	x.fail(st.Line, "statement kind %d", st.Op)
	return s
}

// caseMatch is the condition under which the switch on v goes to the
// case label c: v is its value, or lies in its range (GNU's case
// `lo ... hi`, both converted to v's type; empty when lo > hi).
func caseMatch(v value, c *ctree.Stmt) smt.Term {
	lo := smt.BVBig(ctree.WrapInt(c.Case, v.t), v.t.Width)
	if c.CaseHi == nil {
		return smt.Eq(v.s, lo)
	}
	hi := smt.BVBig(ctree.WrapInt(c.CaseHi, v.t), v.t.Width)
	le := "bvule"
	if v.t.Signed {
		le = "bvsle"
	}
	return and(bv(le, lo, v.s), bv(le, v.s, hi))
}

func (x *sym) switchStmt(s *state, st *ctree.Stmt) *state {
	x.step(s, st.Line)
	v := x.eval(s, st.X)
	v.s = x.def(v.t.SMTSort(), v.s)
	entry := s
	var matched []smt.Term
	for _, c := range st.List {
		if c.Op == ctree.SCase && c.Case != nil {
			matched = append(matched, caseMatch(v, c))
		}
	}
	var run *state
	hasDefault := false
	x.breaks = append(x.breaks, nil)
	for _, c := range st.List {
		if c.Op == ctree.SCase {
			var cond smt.Term
			if c.Case == nil {
				hasDefault = true
				cond = smt.True
				for _, m := range matched {
					cond = and(cond, not(m))
				}
			} else {
				cond = caseMatch(v, c)
			}
			in := entry.withGuard(x.def(smt.BoolSort, and(entry.guard, cond)))
			if run == nil {
				run = in
			} else {
				run = x.merge([]*state{run, in})
			}
			continue
		}
		if run != nil {
			run = x.stmt(run, c)
		}
	}
	brk := x.breaks[len(x.breaks)-1]
	x.breaks = x.breaks[:len(x.breaks)-1]
	outs := append([]*state{}, brk...)
	if run != nil {
		outs = append(outs, run)
	}
	if !hasDefault {
		none := smt.True
		for _, m := range matched {
			none = and(none, not(m))
		}
		outs = append(outs, entry.withGuard(x.def(smt.BoolSort, and(entry.guard, none))))
	}
	r := x.merge(outs)
	if r == nil {
		r = entry.withGuard(smt.False)
	}
	return r
}

var _ = big.NewInt
