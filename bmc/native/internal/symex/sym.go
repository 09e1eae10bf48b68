package symex

import (
	"context"
	"fmt"
	"github.com/suretydev/surety/smt"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"github.com/suretydev/surety/bmc"
	"github.com/suretydev/surety/bmc/native/internal/ctree"
)

// An input is one nondeterministic value consumed by the program.
type input struct {
	Name string
	// Kind is "nondet", "rand", "stdin", "malloc" (Term: Bool, the
	// allocation fails), "uninit" (a local declared without an
	// initialiser) or "skipped" (a local whose declaration a goto jumped
	// over, which no replay can give a value).
	Kind  string
	T     *ctree.Type
	Term  smt.Term
	Guard smt.Term
	Line  int
	// Str: a %s conversion: Chars and Len give the string.
	Chars []smt.Term
	Len   smt.Term
	// Reads are the guards of the reads of an "uninit" input's value
	// (up to maxReads; past them, true): a counterexample lists the
	// value only where its run reads it.
	Reads []smt.Term
}

// uninitInput records the value nv of v, declared without an
// initialiser, as an input of kind ("uninit", or "skipped" where a goto
// jumped over the declaration) under guard g.
func (x *sym) uninitInput(v *ctree.Var, nv value, g smt.Term, kind string) {
	in := &input{Name: v.Name, Kind: kind, T: v.T, Term: nv.s, Guard: g, Line: v.Line}
	if kind == "uninit" {
		if x.uninit == nil {
			x.uninit = map[smt.Term][]*input{}
		}
		x.uninit[nv.s] = []*input{in}
	}
	x.tr.inputs = append(x.tr.inputs, in)
}

// maxReads bounds the read guards an uninitialised input keeps.
const maxReads = 8

// readUninit records a read, under the guard g, of v, which may be the
// value of locals declared without an initialiser.
func (x *sym) readUninit(v value, g smt.Term) {
	for _, in := range x.uninit[v.s] {
		switch {
		case len(in.Reads) == 1 && in.Reads[0] == smt.True:
		case len(in.Reads) >= maxReads || g == smt.True:
			in.Reads = []smt.Term{smt.True}
		case !slices.Contains(in.Reads, g):
			in.Reads = append(in.Reads, g)
		}
	}
}

// A stdinEvent is one call that reads stdin, for rebuilding the text.
type stdinEvent struct {
	Kind  string // "scanf", "getchar", "fgets"
	Guard smt.Term
	Line  int
	Dirs  []directive
	Ret   smt.Term // scanf: number of conversions (BV32); getchar: the char; fgets: Bool ok
	Vals  []*input // scanf: one per assigning conversion; fgets: one string
	NL    smt.Term // fgets: Bool, a newline ended the line
}

type step struct {
	Guard smt.Term
	Func  string
	Line  int
}

// A Translation is a program turned into one formula, shared by every
// query on the program at one bound: definitions, each assertion's
// violation conditions, unwinding violations, and what a counterexample
// needs.
type Translation struct {
	Opts   Options // what it was made under
	Script smt.Script
	Viol   [][]smt.Term // per assertion index
	Unwind []UnwindSite
	// ItersPastK counts the iterations past K that loops whose
	// conditions their counters decide ran (Options.PastK).
	ItersPastK int
	inputs     []*input
	events     []*stdinEvent
	steps      []step
	Nice       []smt.Term
	Selector   []smt.Term // per assertion index: the Bool that assumes it
	terms      int
	Defined    map[string]bool
	// Bodiless are the program's functions without a body (ctree's), which
	// the replay harness defines; Notes are assumptions in words that
	// every VERIFIED answer on the program lists (those functions', and
	// how old C was read).
	Bodiless map[string]*ctree.BodilessFunc
	Notes    []string
	vals     []string  // the terms whose values make a counterexample
	Cands    []InvCand // a step case's candidate invariants (invariant.go)
	// CandPrint fingerprints Cands (Induction.Carry checks it).
	CandPrint string
	// SumBad holds, in a summary's step case, where each candidate
	// summary is broken by a return of the function (summary.go).
	SumBad []smt.Term
	UVals  []string   // vals and the unwinding guards
	Safety *SafetyRec // the safety checks, for a translation made by Safety
	FP     bool       // the formula has floating point (picks the solver)
	// Assumes marks the modelling assumptions the formula depends on.
	Assumes [numAssumptions]bool
	// OOB lists, for AsmInBounds and AsmLibInBounds, the conditions under
	// which an access leaves an object of known size, and for AsmFuncPtr
	// those under which a call goes through a pointer that is neither
	// NULL nor a candidate (funcptr.go): the assumption holds on the
	// executions where none is true (assumptionsOf in bmc/native).
	OOB [numAssumptions][]smt.Term
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
	// uninit maps the value of a local declared without an initialiser,
	// and the merged values that may be it, to its inputs, whose reads
	// it records (input.Reads).
	uninit    map[smt.Term][]*input
	ctx       context.Context
	p         *ctree.Program
	tr        *Translation
	k         int
	n         int
	objs      []*object
	inits     map[mkey]smt.Term
	cellInits map[mkey][]smt.Term
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
	rec       *SafetyRec // nil unless the translation is for Safety
	// lib is above 0 while a library function's model runs: its memory
	// accesses are the library's, not the program's (see note).
	lib int
	// dead holds the objects of returned calls' frames: an access to one
	// goes through a dangling pointer.
	dead map[int]bool
	// ind selects a step case of k-induction (induct.go); quiet is above
	// 0 while its assertions are assumed instead of checked.
	ind   *Induction
	quiet int
	// fobjs are the objects that stand for the functions whose address
	// is taken: a function pointer is the address of one (funcptr.go).
	fobjs map[*ctree.Func]int
	// sum, when set, summarises the calls of its functions (summary.go).
	sum *Summaries
	// pastK: loops whose counters decide their conditions run past K
	// (Options.PastK).
	pastK bool
	// extra counts the iterations past K of loops whose conditions fold
	// to true (loop.go).
	extra int
}

func (x *sym) fail(line int, format string, args ...any) {
	panic(ctree.Bail{Err: ctree.Unsupported(line, format, args...)})
}

// def names a term with define-fun unless it is already an atom.
func (x *sym) def(sort smt.Sort, term smt.Term) smt.Term {
	if !strings.ContainsAny(string(term), " ()") {
		return term
	}
	x.n++
	name := "t" + itoa(x.n)
	x.tr.Script.DefineFun(name, nil, sort, term)
	x.tr.terms++
	if x.tr.terms > x.maxDefs {
		panic(ctree.Bail{Err: ErrResource})
	}
	if x.tr.terms%4096 == 0 && x.ctx.Err() != nil {
		panic(ctree.Bail{Err: x.ctx.Err()})
	}
	return smt.Var(name)
}

func (x *sym) fresh(prefix string, sort smt.Sort) smt.Term {
	x.n++
	name := prefix + itoa(x.n)
	return x.tr.Script.DeclareConst(name, sort)
}

// truth is the Bool form of a scalar value.
func truth(v value) smt.Term {
	if v.b != "" {
		return v.b
	}
	if _, _, ok := litVal(v.s); ok && v.t.Kind != ctree.KFloat {
		return not(eq(v.s, zeroOf(v.t)))
	}
	switch v.t.Kind {
	case ctree.KFloat:
		return smt.Not(smt.FPIsZero(v.s))
	}
	return smt.Not(smt.Eq(v.s, zeroOf(v.t)))
}

func boolVal(b smt.Term) value {
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
		x.declare(s, v, 0, false)
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
			s.guard = x.def(smt.BoolSort, and(s.guard, smt.BVSGe(v.s, bvInt(1, pv.T.Width))))
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
func (x *sym) declare(s *state, v *ctree.Var, line int, uninit bool) {
	key := vkey{x.frame, v}
	if v.Global {
		key.f = 0
	}
	in := v.Init
	if uninit {
		in = nil // a goto passed over the declaration: indeterminate
	}
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
		kind := "uninit"
		if uninit {
			kind = "skipped"
		}
		x.uninitInput(v, nv, s.guard, kind)
		s.regs[key] = nv
	}
}

// ErrResource ends a translation whose formula grows past its limit.
var ErrResource = fmt.Errorf("native: formula too large")

func mustLit(s smt.Term) *big.Int {
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

// itoa is strconv.Itoa, short for naming constants.
func itoa(i int) string { return strconv.Itoa(i) }
