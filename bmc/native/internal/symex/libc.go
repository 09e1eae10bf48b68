package symex

import (
	"github.com/suretydev/surety/smt"
	"math/big"

	"github.com/suretydev/surety/bmc/native/internal/ctree"
)

// ctypeDomain is r where the <ctype.h> argument c lies in [-128, 255]
// (EOF and the values of signed and unsigned chars, which glibc's tables
// cover) and any value elsewhere.
func (x *sym) ctypeDomain(c smt.Term, r value) value {
	in := and(bv("bvsge", c, bvInt(-128, 32)), bv("bvsle", c, bvInt(255, 32)))
	if in == smt.True {
		return r
	}
	return value{t: ctree.TInt, s: x.def(smt.BitVecSort(32), ite(in, r.s, x.fresh("ub", smt.BitVecSort(32))))}
}

func between(c smt.Term, lo, hi byte) smt.Term {
	return smt.And(smt.BVSGe(c, bvInt(int64(lo), 32)), smt.BVSLe(c, bvInt(int64(hi), 32)))
}

func ctypeCond(name string, c smt.Term) smt.Term {
	digit := between(c, '0', '9')
	upper := between(c, 'A', 'Z')
	lower := between(c, 'a', 'z')
	switch name {
	case "isdigit":
		return digit
	case "isalpha":
		return or(upper, lower)
	case "isalnum":
		return smt.Or(digit, upper, lower)
	case "isspace":
		return or(between(c, 9, 13), smt.Eq(c, bvInt(' ', 32)))
	case "isupper":
		return upper
	case "islower":
		return lower
	case "isxdigit":
		return smt.Or(digit, between(c, 'a', 'f'), between(c, 'A', 'F'))
	case "isprint":
		return between(c, 32, 126)
	case "ispunct":
		return smt.And(between(c, 33, 126), smt.Not(smt.Or(digit, upper, lower)))
	case "isblank":
		return or(smt.Eq(c, bvInt(' ', 32)), smt.Eq(c, bvInt('\t', 32)))
	case "iscntrl":
		return or(between(c, 0, 31), smt.Eq(c, bvInt(127, 32)))
	case "isgraph":
		return between(c, 33, 126)
	}
	return smt.False
}

// strBound is how many cells from p a string operation may look at: the
// object's size when it is known, else the library bound (and exact is
// false: longer strings are cut like loops at the unwinding bound).
func (x *sym) strBound(p value) (int, bool) {
	if p.known {
		max := -1
		for _, o := range p.objs {
			if o == 0 {
				continue
			}
			c := x.objs[o].cells
			if c < 0 {
				return LibBound, false
			}
			if c > max {
				max = c
			}
		}
		if max >= 0 {
			if max > 4096 {
				return 4096, false
			}
			return max, true
		}
	}
	return LibBound, false
}

// LibBound is the default bound of a library model's own loop (a string
// function over a string of unknown length).
const LibBound = 64

// cut drops the executions on which a library model would pass its own
// bound (more): they are unwinding violations of the model, not of a loop
// of the program.
func (x *sym) cut(s *state, exact bool, more smt.Term, line int, fn string) {
	if exact {
		return
	}
	x.tr.Unwind = append(x.tr.Unwind, UnwindSite{Guard: x.def(smt.BoolSort, and(s.guard, more)), Line: line,
		What: "the model of " + fn, Model: true})
	x.assume(s, not(more))
}

// strlen reads the string at p up to its bound. When the bound is the
// object's size and no NUL is found, the real strlen reads past the object
// (asmLibInBounds); when it is the library bound, longer strings are cut.
func (x *sym) strlen(s *state, p value, line int) smt.Term {
	x.viewAs(p, ctree.TChar)
	b, exact := x.strBound(p)
	chars := make([]smt.Term, b)
	for j := 0; j < b; j++ {
		chars[j] = x.load(s, x.ptrAddConst(p, j), ctree.TChar, line).s
	}
	r := bvInt(int64(b), 64)
	all := smt.True
	for j := b - 1; j >= 0; j-- {
		r = ite(eq(chars[j], bvInt(0, 8)), bvInt(int64(j), 64), r)
		all = and(all, not(eq(chars[j], bvInt(0, 8))))
	}
	x.cut(s, exact, all, line, "strlen")
	if exact && all != smt.False {
		x.note(AsmLibInBounds)
	}
	return r
}

// strcmp models strcmp, strncmp (n not "") and memcmp (mem, which does
// not stop at a NUL): the sign of the first difference of the bytes as
// unsigned chars, and any value of that sign.
func (x *sym) strcmp(s *state, a, b value, n smt.Term, mem bool, line int) value {
	x.viewAs(a, ctree.TChar)
	x.viewAs(b, ctree.TChar)
	ba, ea := x.strBound(a)
	bb, eb := x.strBound(b)
	bound := ba
	if bb < bound {
		bound = bb
	}
	res := bvInt(0, 32)
	cs := make([][2]smt.Term, bound)
	for j := 0; j < bound; j++ {
		cs[j][0] = x.load(s, x.ptrAddConst(a, j), ctree.TChar, line).s
		cs[j][1] = x.load(s, x.ptrAddConst(b, j), ctree.TChar, line).s
	}
	all := smt.True
	for j := bound - 1; j >= 0; j-- {
		ca, cb := cs[j][0], cs[j][1]
		diff := smt.BVSub(smt.ZeroExtend(24, ca), smt.ZeroExtend(24, cb))
		if mem {
			res = ite(not(eq(ca, cb)), diff, res)
		} else {
			res = ite(not(eq(ca, cb)), diff, ite(eq(ca, bvInt(0, 8)), bvInt(0, 32), res))
		}
		if n != "" {
			res = ite(smt.BVULe(n, bvInt(int64(j), 64)), bvInt(0, 32), res)
		}
		if mem {
			all = and(all, eq(ca, cb))
		} else {
			all = and(all, and(eq(ca, cb), not(eq(ca, bvInt(0, 8)))))
		}
	}
	if n != "" {
		all = and(all, bv("bvugt", n, bvInt(int64(bound), 64)))
	}
	// The comparison may go on past the bound: past the library's bound
	// the execution is cut; past an object's end the real strcmp reads
	// beyond it.
	exact := bound == ba && ea || bound == bb && eb
	x.cut(s, exact, all, line, "strcmp")
	if exact && all != smt.False {
		x.note(AsmLibInBounds)
	}
	res = x.def(smt.BitVecSort(32), res)
	r := x.nondet(ctree.TInt, "cmp")
	zero := bvInt(0, 32)
	x.assume(s, smt.And(smt.Eq(smt.BVSLt(r.s, zero), smt.BVSLt(res, zero)), smt.Eq(smt.Eq(r.s, zero), smt.Eq(res, zero))))
	return r
}

// strcpy models strcpy (n "") and strncpy (n the count, which pads with
// NULs up to n). Cells past the bound are never written: an execution that
// would write them is cut when the bound is the library's, and overflows
// the object (asmLibInBounds) when it is the object's size.
func (x *sym) strcpy(s *state, d, src value, n smt.Term, line int) {
	x.viewAs(d, ctree.TChar)
	x.viewAs(src, ctree.TChar)
	bs, es := x.strBound(src)
	bd, ed := x.strBound(d)
	bound := bd
	if n == "" && bs < bound {
		bound = bs
	}
	going := smt.True // no NUL copied yet
	for j := 0; j < bound; j++ {
		var c smt.Term
		if j < bs || !es {
			c = x.load(s, x.ptrAddConst(src, j), ctree.TChar, line).s
		} else {
			// past the source object: only read when it has no NUL,
			// which is undefined
			c = x.fresh("ub", smt.BitVecSort(8))
			if going != smt.False {
				x.note(AsmLibInBounds)
			}
		}
		dp := x.ptrAddConst(d, j)
		old := x.load(s, dp, ctree.TChar, line).s
		var nv smt.Term
		if n == "" {
			nv = ite(going, c, old)
		} else {
			nv = ite(bv("bvult", bvInt(int64(j), 64), n), ite(going, c, bvInt(0, 8)), old)
		}
		x.store(s, dp, ctree.TChar, value{t: ctree.TChar, s: nv}, line)
		going = x.def(smt.BoolSort, and(going, not(eq(c, bvInt(0, 8)))))
	}
	// more: the real function writes past cell bound
	more := going
	if n != "" {
		more = bv("bvugt", n, bvInt(int64(bound), 64))
	}
	exact := bound == bd && ed || n == "" && bound == bs && es
	fn := "strcpy"
	if n != "" {
		fn = "strncpy"
	}
	x.cut(s, exact, more, line, fn)
	if exact && more != smt.False {
		x.note(AsmLibInBounds)
	}
}

// elemCount returns the number of elements of type t in n bytes when n is
// a constant, and whether it is one; a constant that is not a whole number
// of elements is refused.
func (x *sym) elemCount(nE *ctree.Expr, t *ctree.Type, fn string, line int) (int, bool) {
	v, ok := ctree.FoldInt(nE)
	if !ok || t.Size() == 0 {
		return 0, false
	}
	sz := big.NewInt(int64(t.Size()))
	q, r := new(big.Int).QuoRem(v, sz, new(big.Int))
	if r.Sign() != 0 {
		x.fail(line, "%s of %s bytes, not a whole number of %s elements", fn, v, t)
	}
	if !q.IsInt64() || q.Int64() > 1<<20 {
		x.fail(line, "%s of %s bytes", fn, v)
	}
	return int(q.Int64()), true
}

// elemGuards returns, for element k of a count of n bytes that is not a
// constant, when the element is written whole (k < n/size) and when only
// part of it is (the last, when size does not divide n), whose cells
// then hold any value.
func elemGuards(n smt.Term, k int, t *ctree.Type) (whole, part smt.Term) {
	size := bvInt(int64(t.Size()), 64)
	kk := bvInt(int64(k), 64)
	whole = smt.BVULt(kk, smt.BVUDiv(n, size))
	if t.Size() == 1 {
		return whole, smt.False
	}
	part = smt.And(smt.Eq(kk, smt.BVUDiv(n, size)), smt.Not(smt.Eq(smt.BVURem(n, size), bvInt(0, 64))))
	return whole, part
}

func (x *sym) memset(s *state, p value, pt *ctree.Type, c value, nE *ctree.Expr, n value, line int) {
	et := pt.Elem
	if et.Kind == ctree.KVoid {
		x.fail(line, "memset through void*")
	}
	x.viewAs(p, et)
	leaves := ctree.ScalarLeaves(et, nil)
	cb := x.def(smt.BitVecSort(8), smt.Extract(7, 0, c.s))
	cellVal := func(t *ctree.Type) smt.Term {
		rep := cb
		for i := 1; i < t.Size(); i++ {
			rep = smt.Concat(cb, rep)
		}
		if t.Kind == ctree.KFloat {
			eb, sb := fpFormat(t)
			return smt.FPFromBits(eb, sb, rep)
		}
		if t.IsPtr() && t.Size() > 1 {
			// a pointer made of bytes: only an all-zero one is modelled
			return ite(smt.Eq(cb, bvInt(0, 8)), bvInt(0, 64), x.fresh("ub", smt.BitVecSort(64)))
		}
		return rep
	}
	cnt, constant := x.elemCount(nE, et, "memset", line)
	max := cnt
	if !constant {
		b, exact := x.strBound(p)
		max = b / len(leaves)
		more := bv("bvugt", n.s, bvInt(int64(max*et.Size()), 64))
		x.cut(s, exact, more, line, "memset")
		if exact && more != smt.False {
			x.note(AsmLibInBounds)
		}
	} else if !x.inBounds(p, cnt*len(leaves)) {
		x.note(AsmLibInBounds)
	}
	if max*len(leaves) > 65536 {
		x.fail(line, "memset of %d cells", max*len(leaves))
	}
	for k := 0; k < max; k++ {
		var whole, part smt.Term
		if !constant {
			whole, part = elemGuards(n.s, k, et)
		}
		for i, lt := range leaves {
			q := x.ptrAddConst(p, k*len(leaves)+i)
			v := cellVal(lt)
			if !constant {
				old := x.load(s, q, lt, line).s
				v = ite(whole, v, ite(part, x.fresh("part", lt.SMTSort()), old))
			}
			x.store(s, q, lt, value{t: lt, s: v}, line)
		}
	}
}

// memcpy models memcpy and memmove: every source cell is read before any
// is written, which is memmove's meaning. Overlapping memcpy is undefined
// (glibc's copies in either direction): where the ranges may overlap, the
// destination's cells get any value.
func (x *sym) memcpy(s *state, name string, d, src value, dt, st *ctree.Type, nE *ctree.Expr, n value, line int) {
	et := dt.Elem
	if et.Kind == ctree.KVoid {
		et = st.Elem
	}
	if et.Kind == ctree.KVoid {
		x.fail(line, "%s between void pointers", name)
	}
	if st.Elem.Kind != ctree.KVoid && !ctree.SameType(st.Elem, et) && !(st.Elem.Kind == ctree.KStruct && st.Elem.Name == et.Name) {
		x.fail(line, "%s from %s to %s", name, st, dt)
	}
	x.viewAs(d, et)
	x.viewAs(src, et)
	leaves := ctree.ScalarLeaves(et, nil)
	cnt, constant := x.elemCount(nE, et, name, line)
	max := cnt
	if !constant {
		b, exact := x.strBound(d)
		if bs, es := x.strBound(src); bs < b {
			b, exact = bs, es
		}
		max = b / len(leaves)
		x.cut(s, exact, bv("bvugt", n.s, bvInt(int64(max*et.Size()), 64)), line, name)
		if exact {
			x.note(AsmLibInBounds)
		}
	} else if !x.inBounds(d, cnt*len(leaves)) || !x.inBounds(src, cnt*len(leaves)) {
		x.note(AsmLibInBounds)
	}
	if max*len(leaves) > 65536 {
		x.fail(line, "%s of %d cells", name, max*len(leaves))
	}
	overlap := smt.False
	if name == "memcpy" {
		overlap = x.overlap(d, src, constant, cnt*len(leaves), n.s, et, len(leaves))
	}
	vals := make([]value, max*len(leaves))
	for off := range vals {
		vals[off] = x.load(s, x.ptrAddConst(src, off), leaves[off%len(leaves)], line)
	}
	for k := 0; k < max; k++ {
		var whole, part smt.Term
		if !constant {
			whole, part = elemGuards(n.s, k, et)
		}
		for i, lt := range leaves {
			off := k*len(leaves) + i
			v := vals[off]
			if overlap != smt.False {
				v.s = ite(overlap, x.fresh("ub", lt.SMTSort()), v.s)
			}
			q := x.ptrAddConst(d, off)
			if !constant {
				old := x.load(s, q, lt, line).s
				v.s = ite(whole, v.s, ite(part, x.fresh("part", lt.SMTSort()), old))
			}
			x.store(s, q, lt, v, line)
		}
	}
}

// overlap is when the cells a memcpy copies (cells of them, or n bytes of
// elements of type et with per cells each when not constant) overlap at
// source and destination.
func (x *sym) overlap(d, src value, constant bool, cells int, n smt.Term, et *ctree.Type, per int) smt.Term {
	if d.known && src.known {
		shared := false
		for _, o := range d.objs {
			if o != 0 && containsInt(src.objs, o) {
				shared = true
			}
		}
		if !shared {
			return smt.False
		}
	}
	cnt := bvInt(int64(cells), offW)
	if !constant {
		cnt = extract(offW-1, 0, bv("bvmul", bv("bvudiv", n, bvInt(int64(et.Size()), 64)), bvInt(int64(per), 64)))
		cnt = bv("bvadd", cnt, bvInt(int64(per), offW)) // a part element too
	}
	do, so := ptrOff(d.s), ptrOff(src.s)
	return x.def(smt.BoolSort, smt.And(eq(ptrObj(d.s), ptrObj(src.s)), smt.BVULt(do, smt.BVAdd(so, cnt)), smt.BVULt(so, smt.BVAdd(do, cnt))))
}
