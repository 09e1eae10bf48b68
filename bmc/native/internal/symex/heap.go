package symex

import (
	"fmt"

	"github.com/suretydev/surety/bmc/native/internal/ctree"
	"github.com/suretydev/surety/smt"
)

// checkBounds records what an access through p to one of the objects cs
// assumes: the model keeps objects apart, where a real run would reach a
// neighbour or a reused stack slot. An access to objects of known size
// adds its out-of-bounds condition (under the state's guard) to the
// translation's list, which a VERIFIED answer asks the solver about
// (boundsHold); one through a pointer that may name any object, or to an
// object of unknown size, notes the in-bounds assumption at once; one to
// a returned call's object notes asmNoDangling. Inside a library model
// the library's list and assumption are used instead.
func (x *sym) checkBounds(s *state, p value, cs []int) {
	a := AsmInBounds
	if x.lib > 0 {
		a = AsmLibInBounds
	}
	for _, o := range cs {
		if x.dead[o] {
			x.note(asmNoDangling)
		}
	}
	if x.tr.Assumes[a] {
		return
	}
	if !p.known {
		x.note(a)
		return
	}
	off := ptrOff(p.s)
	bad := smt.False
	for _, o := range cs {
		c := x.objs[o].cells
		if c < 0 {
			x.note(a)
			return
		}
		out := bv("bvuge", off, bvInt(int64(c), offW))
		if len(cs) > 1 {
			out = and(eq(ptrObj(p.s), bvInt(int64(o), objW)), out)
		}
		bad = or(bad, out)
	}
	if v := and(s.guard, bad); v != smt.False {
		x.tr.OOB[a] = append(x.tr.OOB[a], x.def(smt.BoolSort, v))
	}
}

// inBounds reports whether the n cells from p lie inside every object p
// may point to: p's objects are known, the offset is a constant and the
// objects' sizes are known.
func (x *sym) inBounds(p value, n int) bool {
	if !p.known {
		return false
	}
	off, _, ok := litVal(ptrOff(p.s))
	if !ok || !off.IsInt64() {
		return false
	}
	for _, o := range p.objs {
		if o == 0 {
			continue
		}
		c := x.objs[o].cells
		if c < 0 || off.Int64()+int64(n) > int64(c) {
			return false
		}
	}
	return true
}

// viewAs records that the program or a library model accesses the
// allocations p may point to as elements of type u. An allocation seen as
// two types becomes mixed: its cells of one type do not share bytes with
// those of another in the model, so its reads give any value from then on
// (load). Translation follows the program's order, so no read before the
// second type's first access can see bytes written as that type.
func (x *sym) viewAs(p value, u *ctree.Type) {
	if u == nil || u.Kind == ctree.KVoid {
		return
	}
	mark := func(o int) {
		ob := x.objs[o]
		if ob.sorts != nil || ob.mixed {
			return // a declared object, whose type the parser checks
		}
		if ob.view == nil {
			ob.view = u
		} else if !sameView(ob.view, u) && !(p.laid && holds(ob.view, u)) {
			ob.mixed = true
		}
	}
	if p.known {
		for _, o := range p.objs {
			if o != 0 {
				mark(o)
			}
		}
		return
	}
	for _, ob := range x.objs[1:] {
		mark(ob.id)
	}
}

// convView records that the objects p may point to are accessed from
// here on through a pointer converted to u* (from void*, as C lets any
// object pointer go and come back). The model keeps each object's cells
// in its declared or first seen layout, one array per cell type, and an
// access through u* moves by cells of u: where u does not lay out the
// object's cells as its type does (an int* into a struct of an int and
// a short, a char* into anything but chars), those accesses would reach
// cells the real bytes do not, so the object becomes mixed and its reads
// give any value from then on. An allocation takes u as its layout when
// it has none yet. A pointer that may point anywhere (known false)
// marks the objects that have cells of u's type, the only ones its
// accesses reach.
func (x *sym) convView(p value, u *ctree.Type) {
	if u == nil || u.Kind == ctree.KVoid || u.Kind == ctree.KFunc {
		return
	}
	mark := func(ob *object) {
		switch {
		case ob.mixed:
		case ob.t != nil:
			if !layoutFits(ob.t, u) {
				ob.mixed = true
			}
		case ob.sorts != nil: // a function
		case ob.view == nil:
			ob.view = u
		case !sameView(ob.view, u):
			ob.mixed = true
		}
	}
	if p.known {
		for _, o := range p.objs {
			if o != 0 {
				mark(x.objs[o])
			}
		}
		return
	}
	leaves := ctree.ScalarLeaves(u, nil)
	for _, ob := range x.objs[1:] {
		for _, l := range leaves {
			if ob.sorts == nil || ob.sorts[l.SortKey()] {
				mark(ob)
				break
			}
		}
	}
}

// holds reports whether a value of type t has a member or element of
// type u, at any depth. An access of such a u in an allocation laid out
// as t keeps its layout when it comes through a pointer that t's own
// layout gave (value.laid: &q->member, an element's address); a pointer
// converted to u* instead has met convView, and one that came through
// memory (copied byte by byte, say) is not laid.
func holds(t, u *ctree.Type) bool {
	switch t.Kind {
	case ctree.KArray:
		return sameView(t.Elem, u) || holds(t.Elem, u)
	case ctree.KStruct:
		for _, f := range t.Fields {
			if sameView(f.T, u) || holds(f.T, u) {
				return true
			}
		}
	}
	return false
}

// layoutFits reports whether accesses through a u* lay out an object of
// type t as t does: t is u (up to signedness), or an array of such, or
// u is an array of t (a pointer to the array that t is the first of).
func layoutFits(t, u *ctree.Type) bool {
	for u.Kind == ctree.KArray && !sameView(t, u) {
		u = u.Elem
	}
	for {
		if sameView(t, u) {
			return true
		}
		if t.Kind != ctree.KArray {
			return false
		}
		t = t.Elem
	}
}

// sameView reports whether two element types lay out the same cells:
// the same type up to signedness (int and unsigned share their bytes).
func sameView(a, b *ctree.Type) bool {
	if a.Kind != b.Kind {
		return false
	}
	switch a.Kind {
	case ctree.KInt, ctree.KFloat:
		return a.Width == b.Width
	case ctree.KPtr:
		return true
	case ctree.KStruct:
		return a == b || a.Name == b.Name && a.Name != "<anonymous>"
	case ctree.KArray:
		return a.Len == b.Len && sameView(a.Elem, b.Elem)
	}
	return ctree.SameType(a, b)
}

// cellSorts are the sort keys a cell may have.
var cellSorts = []string{"b8", "b16", "b32", "b64", "f32", "f64", "p"}

// malloc models malloc and calloc: a new object of unknown size (calloc's
// zeroed). It never fails unless Options.MallocMayFail is set; then it
// returns NULL on a nondeterministic choice, which the replay makes real
// (bmc/native/replay.go's shim).
func (x *sym) malloc(s *state, name string, args []value, line int) value {
	o := x.newObj(name, nil, name == "calloc")
	size := args[0].s
	if name == "calloc" {
		size = bv("bvmul", size, args[1].s)
	}
	x.recordAlloc(o, size)
	p := ptrValue(o, 0, ctree.TVoidP)
	if !x.tr.Opts.MallocMayFail {
		x.note(asmMallocOK)
		return p
	}
	x.counts["malloc"]++
	fail := x.fresh("mfail", smt.BoolSort)
	x.tr.inputs = append(x.tr.inputs, &input{Name: fmt.Sprintf("%s#%d", name, x.counts["malloc"]), Kind: "malloc", T: ctree.TBool, Term: fail, Guard: s.guard, Line: line})
	return value{t: ctree.TVoidP, s: x.def(smt.BitVecSort(64), ite(fail, bvInt(0, 64), p.s)), objs: []int{0, o}, known: true}
}

// realloc models realloc(p, n): a new block of n bytes that holds the
// contents of p's block (bytes past its old size unconstrained, as C
// leaves them), p's block freed. realloc(NULL, n) is malloc(n); with n 0
// glibc frees p's block and returns NULL. Like malloc it never fails,
// and with Options.MallocMayFail it is refused: the replay's shim makes
// only malloc and calloc fail.
func (x *sym) realloc(s *state, p, n value, line int) value {
	if x.tr.Opts.MallocMayFail {
		x.fail(line, "realloc where malloc may fail")
	}
	x.note(asmMallocOK)
	o := x.newObj("realloc", nil, false)
	x.recordAlloc(o, n.s)
	var cs []int
	if p.known {
		cs = p.objs
	} else {
		for _, ob := range x.objs[1 : len(x.objs)-1] {
			cs = append(cs, ob.id)
		}
	}
	obj := x.def(smt.BitVecSort(objW), ptrObj(p.s))
	for _, c := range cs {
		ob := x.objs[c]
		if c == 0 || c == o || ob.sorts != nil {
			continue // NULL copies nothing; a variable is no block
		}
		hit := eq(obj, bvInt(int64(c), objW))
		for _, sk := range cellSorts {
			_, inState := s.mem[mkey{c, sk}]
			_, inInit := x.inits[mkey{c, sk}]
			if !inState && !inInit && !ob.zero {
				continue // never written: any value, as the new block's
			}
			s.mem[mkey{o, sk}] = x.def(arrSort(sk), ite(hit, x.arr(s, c, sk), x.arr(s, o, sk)))
		}
	}
	x.free(s, p, line)
	np := ptrValue(o, 0, ctree.TVoidP)
	zero := and(eq(n.s, bvInt(0, 64)), not(eq(obj, bvInt(0, objW))))
	return value{t: ctree.TVoidP, s: x.def(smt.BitVecSort(64), ite(zero, bvInt(0, 64), np.s)), objs: []int{0, o}, known: true}
}

// free makes the contents of the allocation p points to unconstrained: a
// real free writes the allocator's own data into the block. A later
// allocation never reuses it in the model, hence asmNoUseAfterFree.
func (x *sym) free(s *state, p value, line int) {
	x.note(asmNoUseAfterFree)
	var cs []int
	if p.known {
		cs = p.objs
	} else {
		for _, ob := range x.objs[1:] {
			cs = append(cs, ob.id)
		}
	}
	obj := x.def(smt.BitVecSort(objW), ptrObj(p.s))
	for _, o := range cs {
		ob := x.objs[o]
		if o == 0 || ob.sorts != nil {
			continue // free(NULL) does nothing; freeing a variable is undefined
		}
		hit := eq(obj, bvInt(int64(o), objW))
		for _, sk := range cellSorts {
			_, inState := s.mem[mkey{o, sk}]
			_, inInit := x.inits[mkey{o, sk}]
			if !inState && !inInit && !ob.zero {
				continue // never accessed: its initial array is already any value
			}
			a := x.fresh("freed"+itoa(o)+"_", arrSort(sk))
			s.mem[mkey{o, sk}] = x.def(arrSort(sk), ite(hit, a, x.arr(s, o, sk)))
		}
	}
}

// time models time(p): any value, also stored through p unless p is
// NULL.
func (x *sym) time(s *state, p value, pe *ctree.Expr, line int) value {
	v := x.nondet(ctree.TLong, "time")
	if ctree.IsNullConst(ctree.StripConv(pe)) {
		return v
	}
	et := pe.T.Elem
	x.viewAs(p, et)
	old := x.load(s, p, et, line)
	null := eq(ptrObj(p.s), bvInt(0, objW))
	x.store(s, p, et, value{t: et, s: ite(null, old.s, v.s)}, line)
	return v
}

// vla makes a variable-length array's object: args are its number of
// elements and their size. It stays after its block ends, where a real
// run's is gone: an access through a pointer to it from there is a
// dangling access, which the in-bounds assumption already excludes.
func (x *sym) vla(args []value) value {
	o := x.newObj("variable-length array", nil, false)
	x.recordAlloc(o, bv("bvmul", args[0].s, args[1].s))
	return ptrValue(o, 0, ctree.TVoidP)
}
