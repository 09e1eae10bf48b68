package symex

import (
	"fmt"
	"github.com/suretydev/surety/smt"
	"math/bits"

	"github.com/suretydev/surety/bmc/native/internal/ctree"
)

// Models of qsort and bsearch, which call the program's comparator.
//
// bsearch is glibc's own loop (bits/stdlib-bsearch.h): l = 0, u = n;
// while l < u it compares the key with the element at (l + u) / 2 and
// returns it on 0, or goes left on < 0 and right on > 0; NULL at the end.
// Its comparator calls are the real run's, in order, so any comparator
// is modelled exactly. The loop is unrolled as far as an array of the
// object's size can need (log2 of its elements, plus one), or K+1 times
// where the size is not known; a run that needs more is the model's
// unwinding violation.
//
// qsort's order of comparisons is the library's own (glibc 2.36 merges
// through a buffer), so the model does not follow it. It takes any
// permutation of the first n elements that is sorted by the comparator
// where the comparator is a consistent order on them (its signs
// antisymmetric and its <= transitive, as asked of every pair and triple
// of the n elements); with an inconsistent comparator, any permutation.
// Both are what every sorting algorithm gives, so the model
// over-approximates glibc's qsort. It asks the comparator about every
// pair of the elements, not only those the library compares, so the
// comparator must be pure: it writes nothing but its own locals, reads
// no input, compares or subtracts no pointers (the library passes
// pointers into its own buffer), asserts and assumes nothing, and calls
// only such functions; another comparator is refused. The model sorts at
// most qsortMax elements, up to K of them where n is not a constant;
// a run with more is the model's unwinding violation.

// qsortMax is the most elements the model of qsort sorts.
const qsortMax = 10

// cmpCall calls the comparator p (one of cands) on a and b under guard g
// in a copy of s, as the program's own code (not the library's), and
// returns the state after it and its result.
func (x *sym) cmpCall(s *state, g smt.Term, p value, cands []*ctree.Func, a, b value, line int) (*state, value) {
	si := s.withGuard(x.def(smt.BoolSort, g))
	saved := x.lib
	x.lib = 0
	r := x.callPtr(si, p, cands, []value{a, b}, ctree.TInt, line)
	x.lib = saved
	return si, r
}

// capacity is how many elements of cells cells fit in the object p
// points to from p on, or -1 when that is not known.
func (x *sym) capacity(p value, cells int) int {
	if !p.known || len(p.objs) != 1 || p.objs[0] == 0 {
		return -1
	}
	o := x.objs[p.objs[0]]
	off, _, ok := litVal(ptrOff(p.s))
	if o.cells < 0 || !ok || !off.IsInt64() || off.Int64() > int64(o.cells) {
		return -1
	}
	return (o.cells - int(off.Int64())) / cells
}

func (x *sym) bsearch(s *state, e *ctree.Expr, args []value) value {
	line := e.Line
	elem := e.ArgT[1].Elem
	cells := int64(elem.Cells())
	key, base, n, cmp := args[0], args[1], args[2].s, args[4]
	iters := x.k + 1
	if c := x.capacity(base, int(cells)); c >= 0 {
		iters = bits.Len(uint(c)) + 1
	}
	if v, _, ok := litVal(n); ok && v.IsUint64() {
		iters = bits.Len64(v.Uint64()) + 1
	}
	l, u := bvInt(0, 64), n
	found, res := smt.False, bvInt(0, 64)
	for i := 0; i < iters; i++ {
		act := x.def(smt.BoolSort, and(not(found), bv("bvult", l, u)))
		g := and(s.guard, act)
		if g == smt.False {
			break
		}
		idx := x.def(smt.BitVecSort(64), bv("bvudiv", bv("bvadd", l, u), bvInt(2, 64)))
		p := x.ptrAdd(base, bv("bvmul", idx, bvInt(cells, 64)))
		p.t = ctree.TVoidP
		si, r := x.cmpCall(s, g, cmp, e.Cands, key, p, line)
		m := x.merge([]*state{si, s.withGuard(x.def(smt.BoolSort, and(s.guard, not(act))))})
		if m == nil {
			m = s.withGuard(smt.False)
		}
		*s = *m
		c := x.def(smt.BitVecSort(32), r.s)
		hit := x.def(smt.BoolSort, and(act, eq(c, bvInt(0, 32))))
		res = x.def(smt.BitVecSort(64), ite(hit, p.s, res))
		found = x.def(smt.BoolSort, or(found, hit))
		u = x.def(smt.BitVecSort(64), ite(and(act, bv("bvslt", c, bvInt(0, 32))), idx, u))
		l = x.def(smt.BitVecSort(64), ite(and(act, bv("bvsgt", c, bvInt(0, 32))), bv("bvadd", idx, bvInt(1, 64)), l))
	}
	x.cut(s, false, and(not(found), bv("bvult", l, u)), line, "bsearch")
	objs, known := unionObjs([]value{base, {objs: []int{0}, known: true}})
	return value{t: ctree.TVoidP, s: x.def(smt.BitVecSort(64), ite(found, res, bvInt(0, 64))), objs: objs, known: known}
}

func (x *sym) qsort(s *state, e *ctree.Expr, args []value) value {
	line := e.Line
	for _, f := range e.Cands {
		if why := pureCmp(f, map[*ctree.Func]bool{}); why != "" {
			x.fail(line, "qsort with the comparator %s, which %s (the model asks it about every pair)", f.Name, why)
		}
	}
	elem := e.ArgT[0].Elem
	leaves := ctree.ScalarLeaves(elem, nil)
	cells := len(leaves)
	base, n, cmp := args[0], args[1].s, args[3]
	lim := -1 // the most elements the model sorts
	nv, _, lit := litVal(n)
	if lit {
		if !nv.IsInt64() || nv.Int64() > qsortMax {
			x.fail(line, "qsort of %s elements (the model sorts at most %d)", nv, qsortMax)
		}
		lim = int(nv.Int64())
	} else {
		lim = min(x.k, qsortMax)
	}
	if c := x.capacity(base, cells); c >= 0 && c < lim {
		if lit {
			x.fail(line, "qsort of %d elements of an array of %d", lim, c)
		}
		lim = c
	}
	if !lit {
		x.cut(s, false, bv("bvugt", n, bvInt(int64(lim), 64)), line, "qsort")
	}
	if lim < 2 || s.dead() {
		return value{t: ctree.TVoid}
	}
	// what each index stands for: within the first n elements
	in := func(i int) smt.Term {
		if lit {
			return smt.True
		}
		return bv("bvult", bvInt(int64(i), 64), n)
	}
	elt := make([]value, lim)
	old := make([][]smt.Term, lim)
	for i := range elt {
		elt[i] = x.ptrAddConst(base, i*cells)
		elt[i].t = ctree.TVoidP
		for c, lt := range leaves {
			old[i] = append(old[i], x.load(s, x.ptrAddConst(base, i*cells+c), lt, line).s)
		}
	}
	// the comparator on every pair, and the paths where a call of it
	// cannot return (a NULL comparator) end
	lt := make([][]smt.Term, lim)
	gt := make([][]smt.Term, lim)
	for i := range lt {
		lt[i], gt[i] = make([]smt.Term, lim), make([]smt.Term, lim)
	}
	guard := s.guard
	for i := 0; i < lim; i++ {
		for j := 0; j < lim; j++ {
			if i == j {
				continue
			}
			g := and(s.guard, and(in(i), in(j)))
			si, r := x.cmpCall(s, g, cmp, e.Cands, elt[i], elt[j], line)
			guard = and(guard, smt.Implies(x.def(smt.BoolSort, g), si.guard))
			c := x.def(smt.BitVecSort(32), r.s)
			lt[i][j] = x.def(smt.BoolSort, bv("bvslt", c, bvInt(0, 32)))
			gt[i][j] = x.def(smt.BoolSort, bv("bvsgt", c, bvInt(0, 32)))
		}
	}
	s.guard = x.def(smt.BoolSort, guard)
	le := func(i, j int) smt.Term { return not(gt[i][j]) }
	var cons []smt.Term
	for i := 0; i < lim; i++ {
		for j := 0; j < lim; j++ {
			if i == j {
				continue
			}
			if i < j {
				cons = append(cons, smt.Implies(and(in(i), in(j)), smt.And(smt.Eq(lt[i][j], gt[j][i]), smt.Eq(gt[i][j], lt[j][i]))))
			}
			for l := 0; l < lim; l++ {
				if l == i || l == j {
					continue
				}
				cons = append(cons, smt.Implies(smt.And(in(i), in(j), in(l), le(i, j), le(j, l)), le(i, l)))
			}
		}
	}
	consistent := x.def(smt.BoolSort, smt.And(cons...))
	// the permutation: sel[i] is the old index of the new i-th element
	sel := make([]smt.Term, lim)
	for i := range sel {
		sel[i] = x.fresh("qsel", smt.BitVecSort(8))
	}
	var perm []smt.Term
	for i := 0; i < lim; i++ {
		perm = append(perm, smt.Implies(in(i), smt.BVULt(sel[i], bvInt(int64(lim), 8))))
		if !lit {
			// within the first n: sel[i] < n
			perm = append(perm, smt.Implies(in(i), bv("bvult", smt.ZeroExtend(56, sel[i]), n)))
		}
		for j := i + 1; j < lim; j++ {
			perm = append(perm, smt.Implies(and(in(i), in(j)), smt.Not(smt.Eq(sel[i], sel[j]))))
		}
		if i+1 < lim {
			var adj []smt.Term
			for a := 0; a < lim; a++ {
				for b := 0; b < lim; b++ {
					if a != b {
						adj = append(adj, smt.And(smt.Eq(sel[i], bvInt(int64(a), 8)), smt.Eq(sel[i+1], bvInt(int64(b), 8)), le(a, b)))
					}
				}
			}
			perm = append(perm, smt.Implies(smt.And(consistent, in(i+1)), smt.Or(adj...)))
		}
	}
	x.assume(s, smt.And(perm...))
	for i := 0; i < lim; i++ {
		for c, t := range leaves {
			v := old[lim-1][c]
			for a := lim - 2; a >= 0; a-- {
				v = ite(smt.Eq(sel[i], bvInt(int64(a), 8)), old[a][c], v)
			}
			v = ite(in(i), v, old[i][c])
			x.store(s, x.ptrAddConst(base, i*cells+c), t, value{t: t, s: x.def(t.SMTSort(), v)}, line)
		}
	}
	return value{t: ctree.TVoid}
}

// pureCmp says why f cannot be qsort's comparator in the model ("" when
// it can): see above.
func pureCmp(f *ctree.Func, seen map[*ctree.Func]bool) string {
	if seen[f] {
		return ""
	}
	seen[f] = true
	if f.Body == nil {
		return "has no body"
	}
	why := ""
	var stmt func(st *ctree.Stmt)
	stmt = func(st *ctree.Stmt) {
		if st == nil || why != "" {
			return
		}
		switch st.Op {
		case ctree.SAssert:
			why = fmt.Sprintf("asserts (line %d)", st.Line)
			return
		case ctree.SGoto, ctree.SLabel:
		}
		for _, v := range st.Decls {
			if v.Static {
				why = fmt.Sprintf("has the static %s", v.Name)
				return
			}
		}
		for _, st2 := range append([]*ctree.Stmt{st.Init, st.Body, st.Else}, st.List...) {
			stmt(st2)
		}
	}
	stmt(f.Body)
	if why != "" {
		return why
	}
	walkExprs(f.Body, func(e *ctree.Expr) {
		if why != "" {
			return
		}
		switch e.Op {
		case ctree.OAssign, ctree.OCompound, ctree.OIncDec:
			v := lvalueRoot(e.X)
			if v == nil || v.Global || v.Static {
				why = fmt.Sprintf("writes memory other than its locals (line %d)", e.Line)
			}
		case ctree.OPtrDiff:
			why = fmt.Sprintf("subtracts pointers (line %d)", e.Line)
		case ctree.OPtrAdd:
			// a[i] of an array is fine; p[i] or p + i could reach the
			// element next to the one the library passes, which its
			// buffer does not hold
			if ctree.StripConv(e.X).Op != ctree.ODecay {
				why = fmt.Sprintf("does arithmetic on a pointer (line %d)", e.Line)
			}
		case ctree.OBin:
			if e.X.T.IsPtr() || e.Y.T.IsPtr() {
				why = fmt.Sprintf("compares pointers (line %d)", e.Line)
			}
		case ctree.OCall:
			switch {
			case e.X != nil:
				why = fmt.Sprintf("calls through a pointer (line %d)", e.Line)
			case e.Fn != nil:
				if w := pureCmp(e.Fn, seen); w != "" {
					why = "calls " + e.Fn.Name + ", which " + w
				}
			case ctree.Pure(e.Name) && !e.Havoc:
			default:
				why = fmt.Sprintf("calls %s (line %d)", e.Name, e.Line)
			}
		}
	})
	return why
}
