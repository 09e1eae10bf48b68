package native

import (
	"context"
	"fmt"
	"math/big"
	"strings"

	"github.com/suretydev/surety/bmc"
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
	// lit holds a string literal's bytes (NUL included): its reads at a
	// constant offset are those constants (a write to it ends a real run).
	lit []byte
}

// cellMax is the largest object kept cell by cell.
const cellMax = 64

// An input is one nondeterministic value consumed by the program.
type input struct {
	Name  string
	Kind  string // "nondet", "rand", "stdin", "uninit", "malloc" (Term: Bool, the allocation fails)
	T     *ctree.Type
	Term  string
	Guard string
	Line  int
	// Str: a %s conversion: Chars and Len give the string.
	Chars []string
	Len   string
}

// A stdinEvent is one call that reads stdin, for rebuilding the text.
type stdinEvent struct {
	Kind  string // "scanf", "getchar", "fgets"
	Guard string
	Line  int
	Dirs  []directive
	Ret   string   // scanf: number of conversions (BV32); getchar: the char; fgets: Bool ok
	Vals  []*input // scanf: one per assigning conversion; fgets: one string
	NL    string   // fgets: Bool, a newline ended the line
}

type step struct {
	Guard string
	Func  string
	Line  int
}

// A translation is a program turned into one formula, shared by every
// query on the program at one bound: definitions, each assertion's
// violation conditions, unwinding violations, and what a counterexample
// needs.
type translation struct {
	script   strings.Builder
	viol     [][]string // per assertion index
	unwind   []unwindSite
	inputs   []*input
	events   []*stdinEvent
	steps    []step
	nice     []string
	selector []string // per assertion index: the Bool that assumes it
	terms    int
	defined  map[string]bool
	vals     []string   // the terms whose values make a counterexample
	cands    []invCand  // a step case's candidate invariants (invariant.go)
	uvals    []string   // vals and the unwinding guards
	safety   *safetyRec // the safety checks, for a translation made by Safety
	fp       bool       // the formula has floating point (picks the solver)
	// assumes marks the modelling assumptions the formula depends on.
	assumes [numAssumptions]bool
	// oob lists, for asmInBounds and asmLibInBounds, the conditions under
	// which an access leaves an object of known size: the assumption
	// holds on the executions where none is true (boundsHold).
	oob [numAssumptions][]string
	// mallocMayFail: allocations may return NULL (Options.MallocMayFail),
	// and the replay makes the chosen ones fail.
	mallocMayFail bool
}

// An unwindSite is where an execution can exceed a bound: a loop about to
// run its body a K+1-th time, a call deeper than K into a recursion, or a
// library model's own bound. Its guard holds on the executions that do.
type unwindSite struct {
	guard string
	line  int
	what  string
	model bool        // a library model's bound, which no run of the program shows
	loop  *ctree.Stmt // the loop, for a loop's bound
}

// unwindGuards are the guards of every unwinding site.
func (tr *translation) unwindGuards() []string {
	out := make([]string, len(tr.unwind))
	for i, u := range tr.unwind {
		out[i] = u.guard
	}
	return out
}

type funcCtx struct {
	fn     *ctree.Func
	rets   []*state
	vals   []value
	retObj int
	// gotos holds, per label, the states of gotos that have not reached
	// their label yet.
	gotos map[string][]*state
}

// awaited reports whether a goto of the current function waits for a
// label inside st.
func (x *sym) awaited(st *ctree.Stmt) bool {
	if len(st.Labels) == 0 || len(x.funcs) == 0 {
		return false
	}
	fc := x.funcs[len(x.funcs)-1]
	for _, l := range st.Labels {
		if len(fc.gotos[l]) > 0 {
			return true
		}
	}
	return false
}

// gotosLeft fails when a goto of fc never reached its label (a label in
// a loop body or branch that the execution skipped): its paths would be
// lost.
func (x *sym) gotosLeft(fc *funcCtx) {
	for l, ps := range fc.gotos {
		for _, p := range ps {
			if !p.dead() {
				x.fail(fc.fn.Line, "goto %s into a statement that the execution skips", l)
			}
		}
	}
}

// sym is the symbolic executor.
type sym struct {
	ctx       context.Context
	p         *ctree.Program
	tr        *translation
	k         int
	n         int
	objs      []*object
	inits     map[mkey]string
	cellInits map[mkey][]string
	frame     int
	frames    int
	fn        string
	stack     []*ctree.Func
	breaks    [][]*state
	conts     [][]*state
	funcs     []*funcCtx
	strs      map[*ctree.Expr]int
	counts    map[string]int
	maxDefs   int
	sw        *bmc.Switch
	variant   int
	rec       *safetyRec // nil unless the translation is for Safety
	// lib is above 0 while a library function's model runs: its memory
	// accesses are the library's, not the program's (see note).
	lib int
	// dead holds the objects of returned calls' frames: an access to one
	// goes through a dangling pointer.
	dead map[int]bool
	// ind selects a step case of k-induction (induct.go); quiet is above
	// 0 while its assertions are assumed instead of checked.
	ind   *induction
	quiet int
}

func (x *sym) fail(line int, format string, args ...any) {
	panic(ctree.Bail{Err: ctree.Unsupported(line, format, args...)})
}

// def names a term with define-fun unless it is already an atom.
func (x *sym) def(sort, term string) string {
	if !strings.ContainsAny(term, " ()") {
		return term
	}
	x.n++
	name := "t" + itoa(x.n)
	fmt.Fprintf(&x.tr.script, "(define-fun %s () %s %s)\n", name, sort, term)
	x.tr.terms++
	if x.tr.terms > x.maxDefs {
		panic(ctree.Bail{Err: errResource})
	}
	if x.tr.terms%4096 == 0 && x.ctx.Err() != nil {
		panic(ctree.Bail{Err: x.ctx.Err()})
	}
	return name
}

func (x *sym) fresh(prefix, sort string) string {
	x.n++
	name := prefix + itoa(x.n)
	fmt.Fprintf(&x.tr.script, "(declare-const %s %s)\n", name, sort)
	return name
}

func (x *sym) newObj(name string, t *ctree.Type, zero bool) int {
	o := &object{id: len(x.objs), name: name, zero: zero, cells: -1}
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
		panic(ctree.Bail{Err: errResource})
	}
	return o.id
}

// initArr is the initial array of an object for one cell sort.
func (x *sym) initArr(o int, sk string) string {
	k := mkey{o, sk}
	if a, ok := x.inits[k]; ok {
		return a
	}
	var a string
	if x.objs[o].zero {
		var z string
		switch sk {
		case "f32":
			z = "(_ +zero 8 24)"
		case "f64":
			z = "(_ +zero 11 53)"
		default:
			z = bvInt(0, map[string]int{"b8": 8, "b16": 16, "b32": 32, "b64": 64, "p": 64}[sk])
		}
		a = x.def(arrSort(sk), "((as const "+arrSort(sk)+") "+z+")")
	} else {
		a = x.fresh("m"+itoa(o)+"_"+sk+"_", arrSort(sk))
	}
	x.inits[k] = a
	return a
}

// getCells returns the cells of a small object for one sort.
func (x *sym) getCells(s *state, o int, sk string) []string {
	if c, ok := s.cells[mkey{o, sk}]; ok {
		return c
	}
	k := mkey{o, sk}
	if c, ok := x.cellInits[k]; ok {
		return c
	}
	ob := x.objs[o]
	c := make([]string, ob.cells)
	for i := range c {
		if ob.zero {
			var z string
			switch sk {
			case "f32":
				z = "(_ +zero 8 24)"
			case "f64":
				z = "(_ +zero 11 53)"
			default:
				z = bvInt(0, map[string]int{"b8": 8, "b16": 16, "b32": 32, "b64": 64, "p": 64}[sk])
			}
			c[i] = z
		} else {
			c[i] = x.fresh("c"+itoa(o)+"_", sortOfKey[sk])
		}
	}
	x.cellInits[k] = c
	return c
}

// cellRead reads a small object's cell at offset off.
func (x *sym) cellRead(s *state, o int, sk, off string) string {
	c := x.getCells(s, o, sk)
	if v, _, ok := litVal(off); ok {
		if v.IsInt64() && v.Int64() < int64(len(c)) {
			return c[v.Int64()]
		}
		return x.fresh("ub", sortOfKey[sk])
	}
	term := c[len(c)-1]
	for i := len(c) - 2; i >= 0; i-- {
		term = ite("(= "+off+" "+bvInt(int64(i), offW)+")", c[i], term)
	}
	return x.def(sortOfKey[sk], term)
}

// cellWrite writes v at offset off of a small object when cond holds.
func (x *sym) cellWrite(s *state, o int, sk, off, v, cond string) {
	old := x.getCells(s, o, sk)
	c := append([]string(nil), old...)
	if k, _, ok := litVal(off); ok {
		if k.IsInt64() && k.Int64() < int64(len(c)) {
			c[k.Int64()] = x.def(sortOfKey[sk], ite(cond, v, c[k.Int64()]))
		}
	} else {
		for i := range c {
			c[i] = x.def(sortOfKey[sk], ite(and(cond, "(= "+off+" "+bvInt(int64(i), offW)+")"), v, c[i]))
		}
	}
	s.cells[mkey{o, sk}] = c
}

func (x *sym) arr(s *state, o int, sk string) string {
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
	for _, o := range cs {
		if x.objs[o].mixed {
			// bytes written as another type: any value
			return value{t: t, s: x.fresh("pun", t.SMTSort())}
		}
	}
	if lit := x.objs[cs[0]].lit; len(cs) == 1 && lit != nil && sk == "b8" {
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
	read := func(o int) string {
		if x.objs[o].small {
			return x.cellRead(s, o, sk, off)
		}
		return "(select " + x.arr(s, o, sk) + " " + off + ")"
	}
	term := read(cs[len(cs)-1])
	if len(cs) > 1 {
		obj := x.def(ctree.BVSort(objW), ptrObj(p.s))
		for i := len(cs) - 2; i >= 0; i-- {
			term = ite("(= "+obj+" "+bvInt(int64(cs[i]), objW)+")", read(cs[i]), term)
		}
	}
	v := value{t: t, s: x.def(t.SMTSort(), term)}
	return v
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
	x.checkBounds(s, p, cs)
	off := x.def(offSort, ptrOff(p.s))
	if len(cs) > 1 {
		if o, _, ok := litVal(ptrObj(p.s)); ok {
			cs = []int{int(o.Int64())}
		}
	}
	var obj string
	if len(cs) > 1 {
		obj = x.def(ctree.BVSort(objW), ptrObj(p.s))
	}
	for _, o := range cs {
		if x.objs[o].small {
			cond := "true"
			if len(cs) > 1 {
				cond = "(= " + obj + " " + bvInt(int64(o), objW) + ")"
			}
			x.cellWrite(s, o, sk, off, v.s, cond)
			continue
		}
		a := x.arr(s, o, sk)
		st := "(store " + a + " " + off + " " + v.s + ")"
		if len(cs) > 1 {
			st = ite("(= "+obj+" "+bvInt(int64(o), objW)+")", st, a)
		}
		s.mem[mkey{o, sk}] = x.def(arrSort(sk), st)
	}
}

// ptrAdd moves a pointer by n cells (n a 64-bit term).
func (x *sym) ptrAdd(p value, n string) value {
	off := bv("bvadd", ptrOff(p.s), extract(39, 0, n))
	r := p
	if _, _, lit := litVal(off); lit {
		if o, _, ok := litVal(ptrObj(p.s)); ok {
			r.s = bvLit(new(big.Int).Add(new(big.Int).Lsh(o, offW), mustLit(off)), 64)
			r.b = ""
			return r
		}
	}
	r.s = x.def("(_ BitVec 64)", "(concat "+ptrObj(p.s)+" "+off+")")
	r.b = ""
	return r
}

func (x *sym) ptrAddConst(p value, n int) value {
	if n == 0 {
		return p
	}
	return x.ptrAdd(p, bvInt(int64(n), 64))
}

// truth is the Bool form of a scalar value.
func truth(v value) string {
	if v.b != "" {
		return v.b
	}
	if _, _, ok := litVal(v.s); ok && v.t.Kind != ctree.KFloat {
		return not(eq(v.s, zeroOf(v.t)))
	}
	switch v.t.Kind {
	case ctree.KFloat:
		return "(not (fp.isZero " + v.s + "))"
	}
	return "(not (= " + v.s + " " + zeroOf(v.t) + "))"
}

func boolVal(b string) value {
	return value{t: ctree.TInt, s: ite(b, bvInt(1, 32), bvInt(0, 32)), b: b}
}

func (x *sym) nondet(t *ctree.Type, prefix string) value {
	v := value{t: t, s: x.fresh(prefix, t.SMTSort())}
	if t.IsPtr() {
		v.known = false
	}
	return v
}

// step records that the current state executes a line.
func (x *sym) step(s *state, line int) {
	if len(x.tr.steps) < maxSteps {
		x.tr.steps = append(x.tr.steps, step{Guard: s.guard, Func: x.fn, Line: line})
	}
}

const maxSteps = 4000

// run translates the whole program from main.
func (x *sym) run() {
	x.objs = []*object{{id: 0, name: "NULL", sorts: map[string]bool{}}}
	s := newState()
	// globals
	for _, v := range x.p.Globals {
		x.declare(s, v, 0)
	}
	if x.sw != nil {
		x.bindSwitch(s)
	}
	x.bind(s, eofVar, value{t: ctree.TInt, s: bvInt(0, 32)}, 0)
	main := x.p.Funcs["main"]
	if main.Err != nil {
		panic(ctree.Bail{Err: main.Err})
	}
	x.frames++
	x.frame = x.frames
	fc := &funcCtx{fn: main}
	x.funcs = append(x.funcs, fc)
	x.stack = append(x.stack, main)
	x.fn = "main"
	for _, pv := range main.Params {
		if !pv.T.IsInt() && !usesVar(main.Body, pv) {
			// main(int argc, char **argv) with argv never used: only
			// argc's value can matter
			continue
		}
		if !pv.T.IsInt() {
			x.fail(main.Line, "main parameter %s of type %s", pv.Name, pv.T)
		}
		v := x.nondet(pv.T, "arg")
		if pv.Name == "argc" {
			s.guard = x.def("Bool", and(s.guard, "(bvsge "+v.s+" "+bvInt(1, pv.T.Width)+")"))
		}
		x.bind(s, pv, v, main.Line)
	}
	x.stmt(s, main.Body)
	x.gotosLeft(fc)
}

// bind gives a fresh instance of variable v (in the current frame) the
// value val.
func (x *sym) bind(s *state, v *ctree.Var, val value, line int) {
	key := vkey{x.frame, v}
	if v.Global {
		key.f = 0
	}
	if v.Mem {
		o := x.newObj(v.Name, v.T, false)
		s.vobj[key] = o
		if v.T.Kind == ctree.KStruct {
			x.copyCells(s, ptrValue(o, 0, ctree.PtrTo(v.T)), val, v.T, line)
		} else {
			x.store(s, ptrValue(o, 0, ctree.PtrTo(v.T)), v.T, val, line)
		}
		return
	}
	s.regs[key] = val
}

// declare executes a declaration: a fresh instance, initialised.
func (x *sym) declare(s *state, v *ctree.Var, line int) {
	key := vkey{x.frame, v}
	if v.Global {
		key.f = 0
	}
	in := v.Init
	if v.Mem || v.T.Kind == ctree.KArray || v.T.Kind == ctree.KStruct {
		zero := in != nil && in.Zero
		o := x.newObj(v.Name, v.T, zero)
		s.vobj[key] = o
		p := ptrValue(o, 0, ctree.PtrTo(v.T))
		if in == nil {
			return
		}
		if in.Scalar != nil {
			val := x.eval(s, in.Scalar)
			if v.T.Kind == ctree.KStruct {
				x.copyCells(s, p, val, v.T, line)
			} else {
				x.store(s, p, v.T, val, line)
			}
		}
		for _, ci := range in.Cells {
			x.store(s, x.ptrAddConst(p, ci.Off), ci.T, x.eval(s, ci.E), line)
		}
		return
	}
	switch {
	case in != nil && in.Scalar != nil:
		s.regs[key] = x.eval(s, in.Scalar)
	case in != nil && len(in.Cells) == 1:
		s.regs[key] = x.eval(s, in.Cells[0].E)
	case in != nil && in.Zero:
		s.regs[key] = value{t: v.T, s: zeroOf(v.T), objs: []int{0}, known: true}
	default:
		nv := x.nondet(v.T, "u")
		x.tr.inputs = append(x.tr.inputs, &input{Name: v.Name, Kind: "uninit", T: v.T, Term: nv.s, Guard: s.guard, Line: v.Line})
		s.regs[key] = nv
	}
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

var errResource = fmt.Errorf("native: formula too large")

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

func mustLit(s string) *big.Int {
	v, _, _ := litVal(s)
	return v
}

// bindSwitch gives a variant schema's switch (bmc.Switch) the value of
// the variant translated, so that constant folding removes every other
// variant and the formula is the one of that variant's own program.
func (x *sym) bindSwitch(s *state) {
	for _, v := range x.p.Globals {
		if v.Name != x.sw.Name || v.Static {
			continue
		}
		if v.T.Kind != ctree.KInt || v.T.Width != 32 || v.Mem {
			x.fail(v.Line, "variant switch %s must be an int whose address is not taken", v.Name)
		}
		x.bind(s, v, value{t: v.T, s: bvInt(int64(x.variant), 32)}, 0)
		return
	}
	x.fail(1, "variant switch %s is not a global variable", x.sw.Name)
}

// usesVar reports whether v appears anywhere in st.
func usesVar(st *ctree.Stmt, v *ctree.Var) bool {
	if st == nil {
		return false
	}
	for _, e := range []*ctree.Expr{st.X, st.Post} {
		if exprUsesVar(e, v) {
			return true
		}
	}
	for _, d := range st.Decls {
		if d.Init != nil {
			if exprUsesVar(d.Init.Scalar, v) {
				return true
			}
			for _, c := range d.Init.Cells {
				if exprUsesVar(c.E, v) {
					return true
				}
			}
		}
	}
	for _, s := range append([]*ctree.Stmt{st.Init, st.Body, st.Else}, st.List...) {
		if usesVar(s, v) {
			return true
		}
	}
	return false
}

func exprUsesVar(e *ctree.Expr, v *ctree.Var) bool {
	if e == nil {
		return false
	}
	if e.Var == v || usesVar(e.Block, v) {
		return true
	}
	for _, x := range append([]*ctree.Expr{e.X, e.Y, e.Z}, e.Args...) {
		if exprUsesVar(x, v) {
			return true
		}
	}
	return false
}
