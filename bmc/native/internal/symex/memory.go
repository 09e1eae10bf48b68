package symex

import (
	"github.com/suretydev/surety/smt"
	"math/big"

	"github.com/suretydev/surety/bmc/native/internal/ctree"
)

// An object is a region of memory: a variable instance, a string literal
// or an allocation. Its cells live in one SMT array per cell sort.
type object struct {
	id    int
	name  string
	cells int  // number of cells; -1 when not known statically
	zero  bool // initial contents are zero (statics, calloc, initialised aggregates)
	// sorts lists the cell sorts the object's type has; nil allows any
	// (allocations, whose type comes from how they are used).
	sorts map[string]bool
	// small objects are kept cell by cell instead of as SMT arrays.
	small bool
	// view is the element type an allocation (sorts nil) is accessed as;
	// mixed is set once it has been accessed as two types. Cells of
	// different types do not share bytes in the model, so from then on a
	// read of the allocation gives an unconstrained value.
	view  *ctree.Type
	mixed bool
	// t is a declared object's type (nil for allocations and functions).
	t *ctree.Type
	// lit holds a string literal's bytes (NUL included): its reads at a
	// constant offset are those constants (a write to it ends a real run).
	lit []byte
}

// cellMax is the largest object kept cell by cell.
const cellMax = 64

func (x *sym) newObj(name string, t *ctree.Type, zero bool) int {
	o := &object{id: len(x.objs), name: name, zero: zero, cells: -1, t: t}
	if t != nil {
		o.cells = t.Cells()
		o.sorts = map[string]bool{}
		for _, l := range ctree.ScalarLeaves(t, nil) {
			o.sorts[l.SortKey()] = true
		}
		o.small = o.cells > 0 && o.cells <= cellMax && name != "string literal"
	}
	x.objs = append(x.objs, o)
	if len(x.objs) >= 1<<objW {
		panic(ctree.Bail{Err: ErrResource})
	}
	return o.id
}

// initArr is the initial array of an object for one cell sort.
func (x *sym) initArr(o int, sk string) smt.Term {
	k := mkey{o, sk}
	if a, ok := x.inits[k]; ok {
		return a
	}
	var a smt.Term
	if x.objs[o].zero {
		a = x.def(arrSort(sk), smt.ConstArray(arrSort(sk), zeroOfKey(sk)))
	} else {
		a = x.fresh("m"+itoa(o)+"_"+sk+"_", arrSort(sk))
	}
	x.inits[k] = a
	return a
}

// getCells returns the cells of a small object for one sort.
func (x *sym) getCells(s *state, o int, sk string) []smt.Term {
	if c, ok := s.cells[mkey{o, sk}]; ok {
		return c
	}
	k := mkey{o, sk}
	if c, ok := x.cellInits[k]; ok {
		return c
	}
	ob := x.objs[o]
	c := make([]smt.Term, ob.cells)
	for i := range c {
		if ob.zero {
			c[i] = zeroOfKey(sk)
		} else {
			c[i] = x.fresh("c"+itoa(o)+"_", sortOfKey[sk])
		}
	}
	x.cellInits[k] = c
	return c
}

// cellRead reads a small object's cell at offset off.
func (x *sym) cellRead(s *state, o int, sk string, off smt.Term) smt.Term {
	c := x.getCells(s, o, sk)
	if v, _, ok := litVal(off); ok {
		if v.IsInt64() && v.Int64() < int64(len(c)) {
			return c[v.Int64()]
		}
		return x.fresh("ub", sortOfKey[sk])
	}
	term := c[len(c)-1]
	for i := len(c) - 2; i >= 0; i-- {
		term = ite(smt.Eq(off, bvInt(int64(i), offW)), c[i], term)
	}
	return x.def(sortOfKey[sk], term)
}

// cellWrite writes v at offset off of a small object when cond holds.
func (x *sym) cellWrite(s *state, o int, sk string, off, v, cond smt.Term) {
	old := x.getCells(s, o, sk)
	c := append([]smt.Term(nil), old...)
	if k, _, ok := litVal(off); ok {
		if k.IsInt64() && k.Int64() < int64(len(c)) {
			c[k.Int64()] = x.def(sortOfKey[sk], ite(cond, v, c[k.Int64()]))
		}
	} else {
		for i := range c {
			c[i] = x.def(sortOfKey[sk], ite(and(cond, smt.Eq(off, bvInt(int64(i), offW))), v, c[i]))
		}
	}
	s.cells[mkey{o, sk}] = c
}

func (x *sym) arr(s *state, o int, sk string) smt.Term {
	if a, ok := s.mem[mkey{o, sk}]; ok {
		return a
	}
	return x.initArr(o, sk)
}

func ptrValue(o int, off int64, t *ctree.Type) value {
	return value{t: t, s: ptrLit(o, off), objs: []int{o}, known: true}
}

// candidates lists the objects a pointer may designate for an access of
// sort sk.
func (x *sym) candidates(p value, sk string, line int) []int {
	var out []int
	if p.known {
		for _, o := range p.objs {
			if o == 0 {
				continue
			}
			ob := x.objs[o]
			if ob.sorts != nil && !ob.sorts[sk] {
				x.fail(line, "access of %s cells through a pointer to %s", sk, ob.name)
			}
			out = append(out, o)
		}
		return out
	}
	for _, ob := range x.objs[1:] {
		if ob.sorts == nil || ob.sorts[sk] {
			out = append(out, ob.id)
		}
	}
	return out
}

func (x *sym) load(s *state, p value, t *ctree.Type, line int) value {
	if !t.IsScalar() {
		x.fail(line, "load of %s", t)
	}
	sk := t.SortKey()
	cs := x.candidates(p, sk, line)
	if len(cs) == 0 {
		// Null or dangling: undefined behaviour; any value.
		return value{t: t, s: x.fresh("ub", t.SMTSort())}
	}
	x.checkBounds(s, p, cs)
	if lit := x.objs[cs[0]].lit; len(cs) == 1 && lit != nil && sk == "b8" && !x.objs[cs[0]].mixed {
		if off, _, ok := litVal(ptrOff(p.s)); ok && off.IsInt64() && off.Int64() < int64(len(lit)) {
			return value{t: t, s: bvInt(int64(lit[off.Int64()]), 8)}
		}
	}
	off := x.def(offSort, ptrOff(p.s))
	if len(cs) > 1 {
		if o, _, ok := litVal(ptrObj(p.s)); ok {
			cs = []int{int(o.Int64())}
		}
	}
	read := func(o int) smt.Term {
		if x.objs[o].mixed {
			// bytes written as another type: any value
			return x.fresh("pun", t.SMTSort())
		}
		if x.objs[o].small {
			return x.cellRead(s, o, sk, off)
		}
		return smt.Select(x.arr(s, o, sk), off)
	}
	term := read(cs[len(cs)-1])
	if len(cs) > 1 {
		obj := x.def(smt.BitVecSort(objW), ptrObj(p.s))
		for i := len(cs) - 2; i >= 0; i-- {
			term = ite(smt.Eq(obj, bvInt(int64(cs[i]), objW)), read(cs[i]), term)
		}
	}
	v := value{t: t, s: x.def(t.SMTSort(), fitBits(term, t))}
	return v
}

// fitBits is the value a bit-field of type t holds when s is written to
// it: its low Bits bits, extended to the cell's width as t's signedness
// says (gcc's conversion to a signed bit-field wraps). Loads fit too, so
// that a cell written whole (memset, a copy) reads as the bit-field.
func fitBits(s smt.Term, t *ctree.Type) smt.Term {
	if t.Bits == 0 || t.Bits == t.Width || t.Bool {
		return s
	}
	return extendTo(extendTo(s, t.Width, t.Bits, false), t.Bits, t.Width, t.Signed)
}

func (x *sym) store(s *state, p value, t *ctree.Type, v value, line int) {
	if !t.IsScalar() {
		x.fail(line, "store of %s", t)
	}
	sk := t.SortKey()
	cs := x.candidates(p, sk, line)
	if len(cs) == 0 {
		return
	}
	v.s = fitBits(v.s, t)
	x.checkBounds(s, p, cs)
	off := x.def(offSort, ptrOff(p.s))
	if len(cs) > 1 {
		if o, _, ok := litVal(ptrObj(p.s)); ok {
			cs = []int{int(o.Int64())}
		}
	}
	var obj smt.Term
	if len(cs) > 1 {
		obj = x.def(smt.BitVecSort(objW), ptrObj(p.s))
	}
	for _, o := range cs {
		if x.objs[o].small {
			cond := smt.True
			if len(cs) > 1 {
				cond = smt.Eq(obj, bvInt(int64(o), objW))
			}
			x.cellWrite(s, o, sk, off, v.s, cond)
			continue
		}
		a := x.arr(s, o, sk)
		st := smt.Store(a, off, v.s)
		if len(cs) > 1 {
			st = ite(smt.Eq(obj, bvInt(int64(o), objW)), st, a)
		}
		s.mem[mkey{o, sk}] = x.def(arrSort(sk), st)
	}
}

// ptrAdd moves a pointer by n cells (n a 64-bit term).
func (x *sym) ptrAdd(p value, n smt.Term) value {
	off := bv("bvadd", ptrOff(p.s), extract(39, 0, n))
	r := p
	if _, _, lit := litVal(off); lit {
		if o, _, ok := litVal(ptrObj(p.s)); ok {
			r.s = smt.BVBig(new(big.Int).Add(new(big.Int).Lsh(o, offW), mustLit(off)), 64)
			r.b = ""
			return r
		}
	}
	r.s = x.def(smt.BitVecSort(64), smt.Concat(ptrObj(p.s), off))
	r.b = ""
	return r
}

func (x *sym) ptrAddConst(p value, n int) value {
	if n == 0 {
		return p
	}
	return x.ptrAdd(p, bvInt(int64(n), 64))
}

// copyCells copies a struct (or any aggregate) cell by cell.
func (x *sym) copyCells(s *state, dst, src value, t *ctree.Type, line int) {
	leaves := ctree.ScalarLeaves(t, nil)
	if len(leaves) > 4096 {
		x.fail(line, "copy of %d cells", len(leaves))
	}
	for i, lt := range leaves {
		v := x.load(s, x.ptrAddConst(src, i), lt, line)
		x.store(s, x.ptrAddConst(dst, i), lt, v, line)
	}
}

func (x *sym) varKey(v *ctree.Var) vkey {
	if v.Global {
		return vkey{0, v}
	}
	return vkey{x.frame, v}
}

func (x *sym) varAddr(s *state, v *ctree.Var, line int) value {
	key := x.varKey(v)
	o, ok := s.vobj[key]
	if !ok {
		o = x.newObj(v.Name, v.T, false)
		s.vobj[key] = o
	}
	return ptrValue(o, 0, ctree.PtrTo(v.T))
}
