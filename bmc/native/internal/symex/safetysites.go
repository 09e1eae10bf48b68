package symex

import (
	"github.com/suretydev/surety/smt"
	"math/big"
	"strings"

	"github.com/suretydev/surety/bmc/native/internal/ctree"
)

// This file records, during a translation made for Safety, where each
// checked operation runs and when it goes wrong: for every execution of a
// check site under guard g, a violation term g ∧ bad. A translation made
// for Check carries no recorder and the hooks below do nothing.

// A SiteID names one check site: what is checked, where, and the C text.
type SiteID struct {
	Prop Property
	Line int
	Fn   string
	Text string
}

// A Site is one check site and what the translation found about it.
type Site struct {
	SiteID
	EndLine int
	// Viol lists the violation terms, one per execution that is not
	// decided by constant folding.
	Viol []smt.Term
	// Inexact says why unsat does not prove the site safe ("" when it
	// does): the model does not know the size of some object.
	Inexact string
	// Spans are the 1-based byte columns [from, to] of the site's text on
	// its line, one per occurrence; noSpan is set when some occurrence's
	// columns are not known (macro expansions, several lines).
	Spans  [][2]int
	noSpan bool
}

// InSpan reports whether a sanitizer's column falls on the site; true
// when either column is not known.
func (st *Site) InSpan(col int) bool {
	if col <= 0 || st.noSpan || len(st.Spans) == 0 {
		return true
	}
	for _, sp := range st.Spans {
		if sp[0] <= col && col <= sp[1] {
			return true
		}
	}
	return false
}

// SafetyRec is the recorder of one safety translation.
type SafetyRec struct {
	Sites map[SiteID]*Site
	// Allocs holds each allocation's size in bytes (a 64-bit term) and
	// the element types it was accessed as (size and cells of each).
	Allocs map[int]*Alloc
}

// An Alloc is what the safety checks know of one allocation.
type Alloc struct {
	bytes smt.Term
	views map[[2]int]bool
	sites []*Site
}

// recordAlloc notes the size of a malloc'd or calloc'd object.
func (x *sym) recordAlloc(o int, bytes smt.Term) {
	if r := x.safety(); r != nil {
		r.Allocs[o] = &Alloc{bytes: x.def(smt.BitVecSort(64), bytes), views: map[[2]int]bool{}}
	}
}

// Settle runs after the translation: bounds into an allocation are exact
// only when every access saw it as an array of one element type.
func (r *SafetyRec) Settle() {
	for _, a := range r.Allocs {
		if len(a.views) <= 1 {
			continue
		}
		for _, s := range a.sites {
			if s.Inexact == "" {
				s.Inexact = "an allocation is accessed as elements of different types"
			}
		}
	}
}

// safety returns the recorder, or nil when the translation is for Check.
func (x *sym) safety() *SafetyRec {
	return x.rec
}

// record adds one execution of the site of e: it violates the property
// when bad holds.
func (x *sym) record(s *state, p Property, e *ctree.Expr, bad smt.Term, inexact string) *Site {
	r := x.safety()
	if r == nil || s.dead() {
		return nil
	}
	text := strings.Join(strings.Fields(e.Src), " ")
	id := SiteID{Prop: p, Line: e.Line, Fn: x.fn, Text: text}
	st := r.Sites[id]
	if st == nil {
		st = &Site{SiteID: id, EndLine: e.Line + strings.Count(e.Src, "\n")}
		r.Sites[id] = st
	}
	if e.Col <= 0 || strings.Contains(e.Src, "\n") {
		st.noSpan = true
	} else {
		sp := [2]int{e.Col, e.Col + len(e.Src) - 1}
		if !containsSpan(st.Spans, sp) {
			st.Spans = append(st.Spans, sp)
		}
	}
	if inexact != "" && st.Inexact == "" {
		st.Inexact = inexact
	}
	if v := and(s.guard, bad); v != smt.False {
		st.Viol = append(st.Viol, x.def(smt.BoolSort, v))
		// A sanitized run stops at its first error: later sites are
		// checked on the executions that get past this one.
		s.guard = x.def(smt.BoolSort, and(s.guard, not(bad)))
	}
	return st
}

// under returns a view of s whose guard also requires c, for evaluating
// an operand that C evaluates only when c holds (the right side of && and
// ||, the branches of ?:) without side effects of its own: the maps are
// shared, only checks read the guard.
func (x *sym) under(s *state, c smt.Term) *state {
	t := *s
	t.guard = x.def(smt.BoolSort, and(s.guard, c))
	return &t
}

func minSigned(w int) smt.Term {
	return smt.BVBig(new(big.Int).Neg(new(big.Int).Lsh(big.NewInt(1), uint(w-1))), w)
}

func isNeg(v smt.Term, w int) smt.Term { return bv("bvslt", v, bvInt(0, w)) }

// checkArith records the checks of the arithmetic operator op on the
// converted operands a and b (the type of a is the type the operation is
// done in, after promotions and the usual arithmetic conversions).
func (x *sym) checkArith(s *state, e *ctree.Expr, op string, a, b value) {
	if x.safety() == nil && !x.noOverflow() || !a.t.IsInt() || a.t.Bool {
		return
	}
	w := a.t.Width
	signed := a.t.Signed
	switch op {
	case "+", "-":
		if !signed {
			return
		}
		r := bv(map[string]string{"+": "bvadd", "-": "bvsub"}[op], a.s, b.s)
		sa, sb, sr := isNeg(a.s, w), isNeg(b.s, w), isNeg(r, w)
		// + overflows when both operands have the sign the result lacks;
		// - when the operands' signs differ and the result's is not a's.
		var bad smt.Term
		if op == "+" {
			bad = and(eqBool(sa, sb), not(eqBool(sa, sr)))
		} else {
			bad = and(not(eqBool(sa, sb)), not(eqBool(sa, sr)))
		}
		x.overflow(s, e, bad)
	case "*":
		if !signed {
			return
		}
		wa, wb := extendTo(a.s, w, 2*w, true), extendTo(b.s, w, 2*w, true)
		p := bv("bvmul", wa, wb)
		bad := not(eq(p, extendTo(extract(w-1, 0, p), w, 2*w, true)))
		// Operands of half width cannot overflow: saying so lets a solver
		// refute most products from their ranges without the multiplier.
		h := int64(1) << (w/2 - 1)
		small := func(v smt.Term) smt.Term {
			return and(bv("bvsge", v, bvInt(-h, w)), bv("bvslt", v, bvInt(h, w)))
		}
		bad = and(not(and(small(a.s), small(b.s))), bad)
		x.overflow(s, e, bad)
	case "/", "%":
		x.record(s, DivisionByZero, e, eq(b.s, bvInt(0, b.t.Width)), "")
		if signed {
			x.overflow(s, e, and(eq(a.s, minSigned(w)), eq(b.s, bvInt(-1, w))))
		}
	case "<<", ">>":
		if x.safety() == nil {
			return
		}
		// The count is at least an int after promotion; as unsigned, a
		// negative count is too large as well.
		bw := b.t.Width
		tooBig := bv("bvuge", b.s, bvInt(int64(w), bw))
		bad := tooBig
		if op == "<<" && signed {
			n := extendTo(b.s, bw, w, false)
			// a << n is defined for a >= 0 when a < 2^(w-1-n).
			lost := not(eq(bv("bvlshr", a.s, bv("bvsub", bvInt(int64(w-1), w), n)), bvInt(0, w)))
			bad = or(tooBig, and(not(tooBig), or(isNeg(a.s, w), lost)))
		}
		x.record(s, Shift, e, bad, "")
	}
}

// checkNeg records the check of unary minus on a promoted operand.
func (x *sym) checkNeg(s *state, e *ctree.Expr, v value) {
	if x.safety() == nil && !x.noOverflow() || !v.t.IsInt() || !v.t.Signed || v.t.Bool {
		return
	}
	x.overflow(s, e, eq(v.s, minSigned(v.t.Width)))
}

// noOverflow reports whether the translation assumes that signed
// arithmetic does not overflow: a step case of k-induction asked to
// (Induction.NoOverflow).
func (x *sym) noOverflow() bool {
	return x.ind != nil && x.ind.NoOverflow
}

// overflow records the signed-overflow check of e, which fails when bad
// holds, and where the translation assumes no overflow, cuts the paths
// on which it fails: the state after e is one of a run that has not
// overflowed yet.
func (x *sym) overflow(s *state, e *ctree.Expr, bad smt.Term) {
	x.record(s, SignedOverflow, e, bad, "")
	if x.noOverflow() && !s.dead() {
		x.assume(s, not(bad))
		x.note(asmNoOverflow)
	}
}

// checkSubscript records the bounds check of the subscript a[n] of an
// array a (e is its OPtrAdd, n the index as a long).
func (x *sym) checkSubscript(s *state, e *ctree.Expr, n value) {
	if x.safety() == nil || e.Sub == ctree.SubNone {
		return
	}
	hi := int64(e.X.X.T.Len) // indices are below hi; &a[hi] is legal
	if e.Sub == ctree.SubAccess {
		hi--
	}
	bad := or(isNeg(n.s, 64), bv("bvsgt", n.s, bvInt(hi, 64)))
	x.record(s, ArrayBounds, e, bad, "")
}

// derefOf returns the dereference an lvalue reads through (e itself, or
// the base of a chain of member accesses), or nil for a variable.
func derefOf(e *ctree.Expr) *ctree.Expr {
	for e != nil {
		switch e.Op {
		case ctree.ODeref:
			return e
		case ctree.OField:
			e = e.X
		default:
			return nil
		}
	}
	return nil
}

// pointerDeref returns the dereference through a pointer (not through an
// array variable) that lvalue e's address starts from: *p in p->arr[i],
// p[i] in p[i].f. Nil when e names memory of variables only. Its type is
// the element type the pointed-to memory is accessed as.
func pointerDeref(e *ctree.Expr) *ctree.Expr {
	for e != nil {
		switch e.Op {
		case ctree.OField:
			e = e.X
		case ctree.ODeref:
			p := e.X
			if p.Op == ctree.OPtrAdd {
				p = p.X
			}
			if p.Op != ctree.ODecay {
				return e
			}
			e = p.X
		default:
			return nil
		}
	}
	return nil
}

// checkAccess records the checks of reading or writing the lvalue e at
// address a: the pointer is not null (when the program dereferences a
// pointer rather than indexes an array) and the cells accessed lie in the
// object.
func (x *sym) checkAccess(s *state, e *ctree.Expr, a value) {
	if b := pointerDeref(e); b != nil {
		x.viewAs(a, b.T)
	}
	d := derefOf(e)
	if x.safety() == nil || d == nil {
		return
	}
	site := e
	if site.Src == "" {
		site = d
	}
	obj := ptrObj(a.s)
	if derefsPointer(e) {
		null := eq(obj, bvInt(0, objW))
		if a.known && !containsInt(a.objs, 0) {
			null = smt.False
		}
		x.record(s, NullDereference, site, null, "")
	}
	n := int64(e.T.Cells()) // a struct is read or written whole
	if n <= 0 {
		n = 1
	}
	off := ptrOff(a.s)
	var cands []int
	if a.known {
		for _, o := range a.objs {
			if o != 0 {
				cands = append(cands, o)
			}
		}
	} else {
		for _, ob := range x.objs[1:] {
			cands = append(cands, ob.id)
		}
	}
	bad := smt.False
	inexact := ""
	var used []*Alloc
	for _, o := range cands {
		c := int64(x.objs[o].cells)
		if c < 0 {
			al := x.safety().Allocs[o]
			u := d.T // the allocation holds an array of u
			if al == nil || u.Kind == ctree.KVoid || u.Size() <= 0 || u.Cells() <= 0 {
				inexact = "the size of " + x.objs[o].name + "'s object is not modelled"
				continue
			}
			al.views[[2]int{u.Size(), u.Cells()}] = true
			used = append(used, al)
			// cells of whole elements: bytes / sizeof(u) * cells(u)
			limit := bv("bvmul", bv("bvudiv", al.bytes, bvInt(int64(u.Size()), 64)), bvInt(int64(u.Cells()), 64))
			end := bv("bvadd", extendTo(off, offW, 64, false), bvInt(n, 64))
			out := bv("bvugt", end, limit)
			if !a.known || len(a.objs) > 1 {
				out = and(eq(obj, bvInt(int64(o), objW)), out)
			}
			bad = or(bad, out)
			continue
		}
		out := smt.True
		if c >= n {
			out = bv("bvugt", off, bvInt(c-n, offW))
		}
		if !a.known || len(a.objs) > 1 {
			out = and(eq(obj, bvInt(int64(o), objW)), out)
		}
		bad = or(bad, out)
	}
	if !a.known {
		// a pointer from memory or input may name no object at all
		bad = or(bad, bv("bvuge", obj, bvInt(int64(len(x.objs)), objW)))
	}
	st := x.record(s, ArrayBounds, site, bad, inexact)
	for _, al := range used {
		if st != nil {
			al.sites = append(al.sites, st)
		}
	}
}

// derefsPointer reports whether the address of lvalue e goes through a
// pointer (*p, p[i], p->f, p->arr[i]) rather than only through arrays and
// members of variables (a[i], s.f, m[i][j]): only then can it be null.
func derefsPointer(e *ctree.Expr) bool {
	for e != nil {
		switch e.Op {
		case ctree.OField:
			e = e.X
		case ctree.ODeref:
			p := e.X
			if p.Op == ctree.OPtrAdd {
				p = p.X
			}
			if p.Op != ctree.ODecay {
				return true
			}
			e = p.X // the array indexed
		default:
			return false
		}
	}
	return false
}

func containsInt(xs []int, v int) bool {
	for _, x := range xs {
		if x == v {
			return true
		}
	}
	return false
}

// eqBool is Boolean equality, folded on literals.
func eqBool(a, b smt.Term) smt.Term {
	switch {
	case a == b:
		return smt.True
	case a == smt.True:
		return b
	case b == smt.True:
		return a
	case a == smt.False:
		return not(b)
	case b == smt.False:
		return not(a)
	}
	return smt.Eq(a, b)
}

func containsSpan(sps [][2]int, sp [2]int) bool {
	for _, x := range sps {
		if x == sp {
			return true
		}
	}
	return false
}
