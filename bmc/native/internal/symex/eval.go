package symex

import (
	"github.com/suretydev/surety/smt"
	"strings"

	"github.com/suretydev/surety/bmc/native/internal/ctree"
)

// sideEffects reports whether evaluating e may change the state.
func sideEffects(e *ctree.Expr) bool {
	if e == nil {
		return false
	}
	switch e.Op {
	case ctree.OAssign, ctree.OCompound, ctree.OIncDec, ctree.OStmtExpr:
		return true
	case ctree.OCall:
		if e.Fn != nil || !ctree.Pure(e.Name) {
			return true
		}
	}
	if sideEffects(e.X) || sideEffects(e.Y) || sideEffects(e.Z) {
		return true
	}
	for _, a := range e.Args {
		if sideEffects(a) {
			return true
		}
	}
	return false
}

// addr evaluates an lvalue to the address of its first cell.
func (x *sym) addr(s *state, e *ctree.Expr) value {
	switch e.Op {
	case ctree.OVar:
		if !e.Var.Mem && e.Var.T.Kind != ctree.KArray && e.Var.T.Kind != ctree.KStruct {
			x.fail(e.Line, "address of register variable %s", e.Var.Name)
		}
		return x.varAddr(s, e.Var, e.Line)
	case ctree.ODeref:
		p := x.eval(s, e.X)
		p.t = ctree.PtrTo(e.T)
		return p
	case ctree.OField:
		b := x.addr(s, e.X)
		r := x.ptrAddConst(b, e.Off)
		r.t = ctree.PtrTo(e.T)
		r.laid = true
		return r
	case ctree.OFunc:
		return ptrValue(x.funcObj(e.Fn), 0, ctree.PtrTo(e.T))
	case ctree.OStr:
		o, ok := x.strs[e]
		if !ok {
			o = x.newObj("string literal", e.T, true)
			x.objs[o].lit = e.Str
			x.strs[e] = o
			p := ptrValue(o, 0, ctree.TCharP)
			for i, b := range e.Str {
				if b != 0 {
					arr := x.initArr(o, "b8")
					x.inits[mkey{o, "b8"}] = x.def(arrSort("b8"), smt.Store(arr, bvInt(int64(i), offW), bvInt(int64(b), 8)))
				}
			}
			_ = p
		}
		return ptrValue(o, 0, ctree.PtrTo(e.T))
	case ctree.OCall:
		if e.T.Kind == ctree.KStruct {
			return x.eval(s, e)
		}
	case ctree.OAssign:
		if e.T.Kind == ctree.KStruct {
			return x.eval(s, e)
		}
	}
	x.fail(e.Line, "address of this expression")
	return value{}
}

func (x *sym) readLvalue(s *state, e *ctree.Expr) value {
	if e.Op == ctree.OVar && !e.Var.Mem && e.Var.T.Kind != ctree.KArray && e.Var.T.Kind != ctree.KStruct {
		v, ok := s.regs[x.varKey(e.Var)]
		if !ok {
			// a variable no declaration ran for (an extern no file
			// defines): any value, which a replay defines it with
			v = x.nondet(e.T, "u")
			s.regs[x.varKey(e.Var)] = v
			x.uninitInput(e.Var, v, smt.True, "uninit")
		}
		x.readUninit(v, s.guard)
		return v
	}
	a := x.addr(s, e)
	x.checkAccess(s, e, a)
	if e.T.Kind == ctree.KStruct {
		return a
	}
	return x.load(s, a, e.T, e.Line)
}

func (x *sym) writeLvalue(s *state, e *ctree.Expr, v value) {
	if e.Op == ctree.OVar && !e.Var.Mem && e.Var.T.Kind != ctree.KArray && e.Var.T.Kind != ctree.KStruct {
		if !strings.ContainsAny(string(v.s), " ()") || len(v.s) < 24 {
			s.regs[x.varKey(e.Var)] = v
			return
		}
		v.s = x.def(e.T.SMTSort(), v.s)
		if v.b != "" {
			v.b = ""
		}
		s.regs[x.varKey(e.Var)] = v
		return
	}
	a := x.addr(s, e)
	x.checkAccess(s, e, a)
	if e.T.Kind == ctree.KStruct {
		x.copyCells(s, a, v, e.T, e.Line)
		return
	}
	x.store(s, a, e.T, v, e.Line)
}

// eval evaluates e in s (which it may change) and returns its value.
func (x *sym) eval(s *state, e *ctree.Expr) value {
	switch e.Op {
	case ctree.OConst:
		if e.T.IsPtr() {
			return value{t: e.T, s: bvInt(0, 64), objs: []int{0}, known: true}
		}
		return value{t: e.T, s: smt.BVBig(e.Val, e.T.Width)}
	case ctree.OFConst:
		return value{t: e.T, s: fpLit(e.F, e.T)}
	case ctree.OStr:
		return x.addr(s, e)
	case ctree.OVar, ctree.ODeref, ctree.OField:
		return x.readLvalue(s, e)
	case ctree.ODecay:
		p := x.addr(s, e.X)
		p.t = e.T
		return p
	case ctree.OAddr:
		p := x.addr(s, e.X)
		p.t = e.T
		return p
	case ctree.OConv:
		v := x.eval(s, e.X)
		if e.T.Kind == ctree.KVoid {
			return value{t: ctree.TVoid}
		}
		return x.convert(v, e.T)
	case ctree.OUn:
		v := x.eval(s, e.X)
		switch e.Name {
		case "!":
			return boolVal(not(truth(v)))
		case "-":
			if v.t.IsFloat() {
				return value{t: e.T, s: smt.FPNeg(v.s)}
			}
			x.checkNeg(s, e, v)
			return value{t: e.T, s: bvNeg(v.s)}
		case "~":
			return value{t: e.T, s: bvNot(v.s)}
		}
	case ctree.OBin:
		a := x.eval(s, e.X)
		b := x.eval(s, e.Y)
		x.checkArith(s, e, e.Name, a, b)
		return x.binop(e.Name, a, b, e.T)
	case ctree.OAnd, ctree.OOr:
		a := truth(x.eval(s, e.X))
		if !sideEffects(e.Y) {
			sy := s
			if x.safety() != nil {
				// checks in Y count only where C evaluates Y
				sy = x.under(s, notIf(e.Op == ctree.OOr, a))
			}
			b := truth(x.eval(sy, e.Y))
			if e.Op == ctree.OAnd {
				return boolVal(and(a, b))
			}
			return boolVal(or(a, b))
		}
		a = x.def(smt.BoolSort, a)
		g := s.guard
		var in smt.Term
		if e.Op == ctree.OAnd {
			in = and(g, a)
		} else {
			in = and(g, not(a))
		}
		s1 := s.withGuard(x.def(smt.BoolSort, in))
		b := x.def(smt.BoolSort, truth(x.eval(s1, e.Y)))
		s2 := s.withGuard(x.def(smt.BoolSort, and(g, notIf(e.Op == ctree.OAnd, a))))
		m := x.merge([]*state{s1, s2})
		*s = *m
		if e.Op == ctree.OAnd {
			return boolVal(and(a, b))
		}
		return boolVal(or(a, b))
	case ctree.OCond:
		cv := truth(x.eval(s, e.X))
		if cv == smt.True || cv == smt.False {
			// C evaluates the chosen operand only.
			y := e.Y
			if cv == smt.False {
				y = e.Z
			}
			v := x.eval(s, y)
			if e.T.Kind == ctree.KVoid {
				return value{t: ctree.TVoid}
			}
			return v
		}
		c := x.def(smt.BoolSort, cv)
		if !sideEffects(e.Y) && !sideEffects(e.Z) {
			sy, sz := s, s
			if x.safety() != nil {
				sy, sz = x.under(s, c), x.under(s, not(c))
			}
			y := x.eval(sy, e.Y)
			z := x.eval(sz, e.Z)
			if e.T.Kind == ctree.KVoid {
				return value{t: ctree.TVoid}
			}
			o, kn := unionObjs([]value{y, z})
			return value{t: e.T, s: ite(c, y.s, z.s), objs: o, known: kn, laid: y.laid && z.laid}
		}
		g := s.guard
		s1 := s.withGuard(x.def(smt.BoolSort, and(g, c)))
		y := x.eval(s1, e.Y)
		s2 := s.withGuard(x.def(smt.BoolSort, and(g, not(c))))
		z := x.eval(s2, e.Z)
		m := x.merge([]*state{s1, s2})
		*s = *m
		if e.T.Kind == ctree.KVoid {
			return value{t: ctree.TVoid}
		}
		o, kn := unionObjs([]value{y, z})
		return value{t: e.T, s: x.def(e.T.SMTSort(), ite(c, y.s, z.s)), objs: o, known: kn, laid: y.laid && z.laid}
	case ctree.OComma:
		x.eval(s, e.X)
		return x.eval(s, e.Y)
	case ctree.OStmtExpr:
		if r := x.stmt(s, e.Block); r != s {
			*s = *r
		}
		if e.Y == nil {
			return value{t: ctree.TVoid}
		}
		v := x.eval(s, e.Y)
		if e.T.Kind == ctree.KVoid {
			return value{t: ctree.TVoid}
		}
		return v
	case ctree.OPtrAdd:
		p := x.eval(s, e.X)
		n := x.eval(s, e.Y)
		x.checkSubscript(s, e, n)
		sc := bv("bvmul", n.s, bvInt(int64(e.T.Elem.Cells()), 64))
		if e.Name == "-" {
			sc = bvNeg(sc)
		}
		r := x.ptrAdd(p, sc)
		r.t = e.T
		return r
	case ctree.OPtrDiff:
		p := x.eval(s, e.X)
		q := x.eval(s, e.Y)
		d := extendTo(bv("bvsub", ptrOff(p.s), ptrOff(q.s)), offW, 64, true)
		if c := e.X.T.Elem.Cells(); c != 1 {
			d = bv("bvsdiv", d, bvInt(int64(c), 64))
		}
		// between two objects (undefined) the layout decides: any value
		if same := eq(ptrObj(p.s), ptrObj(q.s)); same != smt.True {
			d = x.def(smt.BitVecSort(64), ite(same, d, x.fresh("layout", smt.BitVecSort(64))))
		}
		return value{t: ctree.TLong, s: d}
	case ctree.OAssign:
		v := x.eval(s, e.Y)
		if e.T.Kind == ctree.KStruct {
			dst := x.addr(s, e.X)
			x.copyCells(s, dst, v, e.T, e.Line)
			return dst
		}
		x.writeLvalue(s, e.X, v)
		return v
	case ctree.OCompound:
		if e.X.Op != ctree.OVar || e.X.Var.Mem {
			// evaluate the address once
			a := x.addr(s, e.X)
			x.checkAccess(s, e.X, a)
			old := x.load(s, a, e.T, e.Line)
			y := x.eval(s, e.Y)
			nv := x.compound(s, e, old, y)
			x.store(s, a, e.T, nv, e.Line)
			return nv
		}
		old := x.readLvalue(s, e.X)
		y := x.eval(s, e.Y)
		nv := x.compound(s, e, old, y)
		x.writeLvalue(s, e.X, nv)
		return nv
	case ctree.OIncDec:
		var a value
		var old value
		direct := e.X.Op == ctree.OVar && !e.X.Var.Mem
		if direct {
			old = x.readLvalue(s, e.X)
		} else {
			a = x.addr(s, e.X)
			x.checkAccess(s, e.X, a)
			old = x.load(s, a, e.T, e.Line)
		}
		var nv value
		op := "+"
		if e.Name == "--" {
			op = "-"
		}
		switch {
		case e.T.IsPtr():
			d := bvInt(int64(e.T.Elem.Cells()), 64)
			if op == "-" {
				d = bvNeg(d)
			}
			nv = x.ptrAdd(old, d)
		case e.T.IsFloat():
			one := x.convert(value{t: ctree.TInt, s: bvInt(1, 32)}, e.T)
			nv = x.binop(op, old, one, e.T)
		case e.T.Bool:
			if op == "+" {
				nv = value{t: e.T, s: bvInt(1, 8)}
			} else {
				nv = value{t: e.T, s: smt.BVXor(old.s, bvInt(1, 8))}
			}
		default:
			pt := ctree.Promote(e.T)
			po, one := x.convert(old, pt), value{t: pt, s: bvInt(1, pt.Width)}
			x.checkArith(s, e, op, po, one)
			r := x.binop(op, po, one, pt)
			nv = x.convert(r, e.T)
		}
		nv.s = x.def(e.T.SMTSort(), nv.s)
		if direct {
			x.writeLvalue(s, e.X, nv)
		} else {
			x.store(s, a, e.T, nv, e.Line)
		}
		if e.Post {
			return old
		}
		return nv
	case ctree.OCall:
		return x.call(s, e)
	case ctree.ONondet:
		return x.nondet(e.T, "u")
	}
	x.fail(e.Line, "expression kind %d", e.Op)
	return value{}
}

// ptrCompare compares two pointers. Within one object, and against NULL,
// the model's addresses are exact. Pointers into two objects may still be
// equal in a real run when either is past its object's start (one past
// the end of an array is the start of the next object in memory, which C
// lets compare equal), and their order is the memory layout's: there the
// result is any value.
func (x *sym) ptrCompare(op string, a, b value) value {
	oa, ob := ptrObj(a.s), ptrObj(b.s)
	same := eq(oa, ob)
	var exact, open smt.Term
	switch op {
	case "==", "!=":
		exact = eq(a.s, b.s)
		zero := bvInt(0, offW)
		null := or(eq(oa, bvInt(0, objW)), eq(ob, bvInt(0, objW)))
		starts := and(eq(ptrOff(a.s), zero), eq(ptrOff(b.s), zero))
		open = and(not(same), not(or(null, starts)))
	default:
		m := map[string]string{"<": "bvslt", ">": "bvsgt", "<=": "bvsle", ">=": "bvsge"}[op]
		exact = bv(m, ptrOff(a.s), ptrOff(b.s))
		open = not(same)
	}
	r := exact
	if open != smt.False {
		r = x.def(smt.BoolSort, ite(open, x.fresh("layout", smt.BoolSort), exact))
	}
	if op == "!=" {
		r = not(r)
	}
	return boolVal(r)
}

func notIf(b bool, a smt.Term) smt.Term {
	if b {
		return not(a)
	}
	return a
}

func (x *sym) compound(s *state, e *ctree.Expr, old, y value) value {
	if e.T.IsPtr() {
		sc := bv("bvmul", y.s, bvInt(int64(e.T.Elem.Cells()), 64))
		if e.Name == "-" {
			sc = bvNeg(sc)
		}
		return x.ptrAdd(old, sc)
	}
	o := x.convert(old, e.CT)
	x.checkArith(s, e, e.Name, o, y)
	r := x.binop(e.Name, o, y, e.CT)
	return x.convert(r, e.T)
}

// convert converts a value between scalar types.
func (x *sym) convert(v value, t *ctree.Type) value {
	f := v.t
	switch {
	case t.Kind == ctree.KInt && t.Bool:
		return value{t: t, s: ite(truth(v), bvInt(1, 8), bvInt(0, 8)), b: truth(v)}
	case f.Kind == ctree.KInt && t.Kind == ctree.KInt:
		return value{t: t, s: fitBits(extendTo(v.s, f.Width, t.Width, f.Signed), t), b: ""}
	case f.Kind == ctree.KInt && t.Kind == ctree.KFloat:
		eb, sb := fpFormat(t)
		if f.Signed {
			return value{t: t, s: smt.ToFP(eb, sb, smt.RNE, v.s)}
		}
		return value{t: t, s: smt.ToFPUnsigned(eb, sb, smt.RNE, v.s)}
	case f.Kind == ctree.KFloat && t.Kind == ctree.KInt:
		if t.Signed {
			return value{t: t, s: fitBits(smt.FPToSBV(t.Width, smt.RTZ, v.s), t)}
		}
		return value{t: t, s: fitBits(smt.FPToUBV(t.Width, smt.RTZ, v.s), t)}
	case f.Kind == ctree.KFloat && t.Kind == ctree.KFloat:
		if f.Width == t.Width {
			return value{t: t, s: v.s}
		}
		eb, sb := fpFormat(t)
		return value{t: t, s: smt.ToFP(eb, sb, smt.RNE, v.s)}
	case f.Kind == ctree.KPtr && t.Kind == ctree.KPtr:
		r := v
		r.t = t
		if f.Elem != nil && t.Elem != nil && !ctree.SameType(f.Elem, t.Elem) {
			x.convView(v, t.Elem)
			r.laid = false
		}
		return r
	case f.Kind == ctree.KInt && t.Kind == ctree.KPtr:
		return value{t: t, s: bvInt(0, 64), objs: []int{0}, known: true}
	}
	panic(ctree.Bail{Err: ctree.Unsupported(0, "conversion of %s to %s", f, t)})
}

// binop applies a binary operator to converted operands; t is the result
// type (int for comparisons).
func (x *sym) binop(op string, a, b value, t *ctree.Type) value {
	at := a.t
	if at.IsFloat() {
		switch op {
		case "+":
			return value{t: t, s: smt.FPAdd(smt.RNE, a.s, b.s)}
		case "-":
			return value{t: t, s: smt.FPSub(smt.RNE, a.s, b.s)}
		case "*":
			return value{t: t, s: smt.FPMul(smt.RNE, a.s, b.s)}
		case "/":
			return value{t: t, s: smt.FPDiv(smt.RNE, a.s, b.s)}
		case "==":
			return boolVal(smt.FPEq(a.s, b.s))
		case "!=":
			return boolVal(smt.Not(smt.FPEq(a.s, b.s)))
		case "<":
			return boolVal(smt.FPLt(a.s, b.s))
		case ">":
			return boolVal(smt.FPGt(a.s, b.s))
		case "<=":
			return boolVal(smt.FPLeq(a.s, b.s))
		case ">=":
			return boolVal(smt.FPGeq(a.s, b.s))
		}
		panic(ctree.Bail{Err: ctree.Unsupported(0, "operator %s on floating point", op)})
	}
	if at.IsPtr() {
		return x.ptrCompare(op, a, b)
	}
	sg := at.Signed
	pick := func(signed, unsigned string) string {
		if sg {
			return signed
		}
		return unsigned
	}
	switch op {
	case "==":
		return boolVal(eq(a.s, b.s))
	case "!=":
		return boolVal(not(eq(a.s, b.s)))
	case "<":
		return boolVal(bv(pick("bvslt", "bvult"), a.s, b.s))
	case ">":
		return boolVal(bv(pick("bvsgt", "bvugt"), a.s, b.s))
	case "<=":
		return boolVal(bv(pick("bvsle", "bvule"), a.s, b.s))
	case ">=":
		return boolVal(bv(pick("bvsge", "bvuge"), a.s, b.s))
	case "<<", ">>":
		n := extendTo(b.s, b.t.Width, at.Width, false)
		var r smt.Term
		if op == "<<" {
			r = bv("bvshl", a.s, n)
		} else {
			r = bv(pick("bvashr", "bvlshr"), a.s, n)
		}
		// A count that is negative or not below the width is undefined:
		// x86 masks it (1 << 33 is 2), SMT shifts everything out. Any
		// value covers both.
		over := bv("bvuge", b.s, bvInt(int64(at.Width), b.t.Width))
		if over == smt.False {
			return value{t: t, s: r}
		}
		return value{t: t, s: ite(over, x.fresh("ub", smt.BitVecSort(at.Width)), r)}
	}
	fn := map[string]string{"+": "bvadd", "-": "bvsub", "*": "bvmul", "&": "bvand", "|": "bvor", "^": "bvxor",
		"/": pick("bvsdiv", "bvudiv"), "%": pick("bvsrem", "bvurem")}[op]
	if fn == "" {
		panic(ctree.Bail{Err: ctree.Unsupported(0, "operator %s", op)})
	}
	return value{t: t, s: bv(fn, a.s, b.s)}
}
