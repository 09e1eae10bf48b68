package symex

import (
	"fmt"
	"math/big"
	"slices"
	"sort"

	"github.com/suretydev/surety/bmc/native/internal/ctree"
	"github.com/suretydev/surety/smt"
)

// Summaries of recursive functions, so that a recursion deeper than the
// bound is neither cut (an unwinding violation) nor inlined to its full
// depth (a formula too large). A summary is a relation between a call's
// arguments and its result. Candidates come from templates over the
// function's parameters and the constants of its body; the checker keeps
// those that every activation establishes when every call it makes of the
// recursion returns as they say (Houdini's way, as for loops, over the
// whole recursion at once). By induction on the height of a call's
// execution tree, every call that returns then satisfies the kept ones,
// and a program in which each such call is replaced by a fresh result
// constrained by them has every run of the real one (a call that never
// returns ends the run there). This is partial correctness, and sound
// only where the call changes nothing but its result: a summarised
// function reads and writes no global, no memory and no input, and
// contains no assertion (Summarizable).
//
// A step case (Summaries.Step) runs one summarised function's body from
// any arguments, its own calls summarised; the program with the calls
// summarised runs main. A violation found there is only a candidate: the
// checker replays it under gcc, where the real recursion runs.

// Summaries selects a translation with the calls of recursive functions
// replaced by their summaries.
type Summaries struct {
	// Funcs are the summarised functions; Cands their candidates, in an
	// order every translation of the program shares.
	Funcs map[*ctree.Func]bool
	Cands []SumCand
	// Step, when set, is the function whose step case is translated
	// instead of main.
	Step *ctree.Func
}

// A SumCand is a candidate summary of Fn: rel of the arguments (each
// converted to the result's width) and the result.
type SumCand struct {
	Fn   *ctree.Func
	Text string // in C, as an assertion after the call
	// Nonlinear marks a product of two parameters, which can make a
	// check too hard for the solvers.
	Nonlinear bool
	rel       func(args []smt.Term, ret smt.Term) smt.Term
}

// maxSumCands bounds the candidates of one function.
const maxSumCands = 800

// Summarizable lists the program's recursive functions that summaries
// can stand for, in name order, with their candidates; why says why
// there are none (no recursion, or what a recursion does that summaries
// cannot cover).
func Summarizable(cp *ctree.Program) (funcs []*ctree.Func, cands []SumCand, why string) {
	for _, scc := range recursions(cp) {
		if w := impure(scc); w != "" {
			why = w
			continue
		}
		funcs = append(funcs, scc...)
	}
	sort.Slice(funcs, func(i, j int) bool { return funcs[i].Name < funcs[j].Name })
	main := cp.Funcs["main"]
	for _, f := range funcs {
		cands = append(cands, candidates(f, main)...)
	}
	if len(funcs) == 0 && why == "" {
		why = "no recursion"
	}
	return funcs, cands, why
}

// recursions returns the strongly connected components of the program's
// call graph that recurse (a cycle, or a function calling itself).
func recursions(cp *ctree.Program) [][]*ctree.Func {
	names := slices.Sorted(func(yield func(string) bool) {
		for n, f := range cp.Funcs {
			if f.Body != nil && !yield(n) {
				return
			}
		}
	})
	callees := map[*ctree.Func][]*ctree.Func{}
	for _, n := range names {
		f := cp.Funcs[n]
		walkExprs(f.Body, func(e *ctree.Expr) {
			if e.Op == ctree.OCall && e.Fn != nil {
				callees[f] = append(callees[f], e.Fn)
			}
			callees[f] = append(callees[f], e.Cands...)
		})
	}
	// Tarjan's algorithm.
	index := map[*ctree.Func]int{}
	low := map[*ctree.Func]int{}
	on := map[*ctree.Func]bool{}
	var stack []*ctree.Func
	var out [][]*ctree.Func
	var visit func(f *ctree.Func)
	visit = func(f *ctree.Func) {
		index[f], low[f] = len(index), len(index)
		stack = append(stack, f)
		on[f] = true
		for _, g := range callees[f] {
			if _, seen := index[g]; !seen {
				visit(g)
				low[f] = min(low[f], low[g])
			} else if on[g] {
				low[f] = min(low[f], index[g])
			}
		}
		if low[f] != index[f] {
			return
		}
		var scc []*ctree.Func
		for {
			g := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			on[g] = false
			scc = append(scc, g)
			if g == f {
				break
			}
		}
		if len(scc) > 1 || slices.Contains(callees[f], f) {
			out = append(out, scc)
		}
	}
	for _, n := range names {
		if _, seen := index[cp.Funcs[n]]; !seen {
			visit(cp.Funcs[n])
		}
	}
	return out
}

// impure says why the functions of a recursion cannot be summarised, ""
// when they can: integer parameters and result, locals of integer type
// whose address is not taken, no global, memory, input or assertion, and
// calls only of each other (abort and exit end the run, which a summary
// need not cover).
func impure(scc []*ctree.Func) string {
	in := map[*ctree.Func]bool{}
	for _, f := range scc {
		in[f] = true
	}
	for _, f := range scc {
		if f.Err != nil || f.Name == "main" {
			return fmt.Sprintf("the recursion of %s cannot be summarised", f.Name)
		}
		if !f.Ret.IsInt() || f.Ret.Bool {
			return fmt.Sprintf("the recursion of %s returns %s, not an integer", f.Name, f.Ret)
		}
		for _, p := range f.Params {
			if !p.T.IsInt() || p.Mem {
				return fmt.Sprintf("the recursion of %s takes %s %s", f.Name, p.T, p.Name)
			}
		}
		why := ""
		var stmts func(st *ctree.Stmt)
		stmts = func(st *ctree.Stmt) {
			if st == nil || why != "" {
				return
			}
			switch st.Op {
			case ctree.SAssert:
				why = fmt.Sprintf("it has an assertion (line %d)", st.Line)
			case ctree.SDecl:
				for _, v := range st.Decls {
					if !v.T.IsInt() || v.Mem || v.Static || v.VLA {
						why = fmt.Sprintf("it declares %s %s (line %d)", v.T, v.Name, st.Line)
					}
				}
			}
			stmts(st.Init)
			stmts(st.Body)
			stmts(st.Else)
			for _, c := range st.List {
				stmts(c)
			}
		}
		stmts(f.Body)
		walkExprs(f.Body, func(e *ctree.Expr) {
			if why != "" {
				return
			}
			switch e.Op {
			case ctree.OConst, ctree.OConv, ctree.OUn, ctree.OBin, ctree.OAnd, ctree.OOr,
				ctree.OAssign, ctree.OCompound, ctree.OIncDec, ctree.OCond, ctree.OComma:
				if !e.T.IsInt() {
					why = fmt.Sprintf("it computes with %s (line %d)", e.T, e.Line)
				}
			case ctree.OVar:
				if e.Var.Global || e.Var.Static {
					why = fmt.Sprintf("it uses the global %s (line %d)", e.Var.Name, e.Line)
				} else if !e.T.IsInt() {
					why = fmt.Sprintf("it uses %s %s (line %d)", e.T, e.Var.Name, e.Line)
				}
			case ctree.OCall:
				switch {
				case e.Fn != nil && in[e.Fn]:
				case e.Fn == nil && e.X == nil && (e.Name == "abort" || e.Name == "exit"):
				default:
					name := e.Name
					if e.Fn != nil {
						name = e.Fn.Name
					}
					why = fmt.Sprintf("it calls %s (line %d)", name, e.Line)
				}
			default:
				why = fmt.Sprintf("it uses memory or an operation a summary cannot cover (line %d)", e.Line)
			}
		})
		if why != "" {
			return fmt.Sprintf("the recursion of %s cannot be summarised: %s", f.Name, why)
		}
	}
	return ""
}

// candidates are f's candidate summaries: its result equal to a
// parameter, a sum or difference or product of two, a constant of its
// body, a parameter plus a constant, a parameter's parity; bounded by a
// parameter or a constant; and, for a parameter above or up to a
// constant, a constant or the parameter plus a constant.
func candidates(f, main *ctree.Func) []SumCand {
	w := f.Ret.Width
	conv := func(a smt.Term, t *ctree.Type) smt.Term { return extendTo(a, t.Width, w, t.Signed) }
	call := f.Name + "(" + paramList(f) + ")"
	var out []SumCand
	addAs := func(nonlinear bool, text string, rel func(args []smt.Term, ret smt.Term) smt.Term) {
		if len(out) < maxSumCands {
			out = append(out, SumCand{Fn: f, Text: text, rel: rel, Nonlinear: nonlinear})
		}
	}
	add := func(text string, rel func(args []smt.Term, ret smt.Term) smt.Term) { addAs(false, text, rel) }
	consts := sumConsts(w, f, main)
	cv := func(c *big.Int) smt.Term { return smt.BVBig(new(big.Int).And(c, mask(w)), w) }
	ps := f.Params
	for i, p := range ps {
		add(call+" == "+p.Name, func(a []smt.Term, r smt.Term) smt.Term { return eq(r, conv(a[i], p.T)) })
	}
	for i, p := range ps {
		for j := i + 1; j < len(ps); j++ {
			q := ps[j]
			add(call+" == "+p.Name+" + "+q.Name, func(a []smt.Term, r smt.Term) smt.Term {
				return eq(r, bv("bvadd", conv(a[i], p.T), conv(a[j], q.T)))
			})
			addAs(true, call+" == "+p.Name+" * "+q.Name, func(a []smt.Term, r smt.Term) smt.Term {
				return eq(r, bv("bvmul", conv(a[i], p.T), conv(a[j], q.T)))
			})
			add(call+" == "+p.Name+" - "+q.Name, func(a []smt.Term, r smt.Term) smt.Term {
				return eq(r, bv("bvsub", conv(a[i], p.T), conv(a[j], q.T)))
			})
			add(call+" == "+q.Name+" - "+p.Name, func(a []smt.Term, r smt.Term) smt.Term {
				return eq(r, bv("bvsub", conv(a[j], q.T), conv(a[i], p.T)))
			})
		}
	}
	for i, p := range ps {
		one := bvInt(1, w)
		add(call+" == ("+p.Name+" & 1)", func(a []smt.Term, r smt.Term) smt.Term { return eq(r, bv("bvand", conv(a[i], p.T), one)) })
		add(call+" == !("+p.Name+" & 1)", func(a []smt.Term, r smt.Term) smt.Term {
			return eq(r, bv("bvxor", bv("bvand", conv(a[i], p.T), one), one))
		})
	}
	for i, p := range ps {
		signed := f.Ret.Signed
		add(call+" <= "+p.Name, func(a []smt.Term, r smt.Term) smt.Term { return le(r, conv(a[i], p.T), signed) })
		add(call+" >= "+p.Name, func(a []smt.Term, r smt.Term) smt.Term { return le(conv(a[i], p.T), r, signed) })
	}
	for _, c := range consts {
		ct := cv(c)
		signed := f.Ret.Signed
		add(fmt.Sprintf("%s == %s", call, c), func(_ []smt.Term, r smt.Term) smt.Term { return eq(r, ct) })
		add(fmt.Sprintf("%s <= %s", call, c), func(_ []smt.Term, r smt.Term) smt.Term { return le(r, ct, signed) })
		add(fmt.Sprintf("%s >= %s", call, c), func(_ []smt.Term, r smt.Term) smt.Term { return le(ct, r, signed) })
	}
	for i, p := range ps {
		for _, c := range consts {
			if c.Sign() == 0 {
				continue
			}
			ct := cv(c)
			add(fmt.Sprintf("%s == %s + %s", call, p.Name, c), func(a []smt.Term, r smt.Term) smt.Term {
				return eq(r, bv("bvadd", conv(a[i], p.T), ct))
			})
			add(fmt.Sprintf("%s == %s - %s", call, p.Name, c), func(a []smt.Term, r smt.Term) smt.Term {
				return eq(r, bv("bvsub", conv(a[i], p.T), ct))
			})
		}
	}
	// Guarded: where signed parameters are not negative, or all are
	// positive, the result equals a parameter, a sum or product of two,
	// or is bounded by a parameter, 0 or 1 (a product by repeated
	// addition, Euclid's gcd).
	type rel struct {
		text      string
		f         func(a []smt.Term, r smt.Term) smt.Term
		nonlinear bool
	}
	var core []rel
	for i, p := range ps {
		core = append(core,
			rel{call + " == " + p.Name, func(a []smt.Term, r smt.Term) smt.Term { return eq(r, conv(a[i], p.T)) }, false},
			rel{call + " <= " + p.Name, func(a []smt.Term, r smt.Term) smt.Term { return smt.BVSLe(r, conv(a[i], p.T)) }, false},
			rel{call + " >= " + p.Name, func(a []smt.Term, r smt.Term) smt.Term { return smt.BVSGe(r, conv(a[i], p.T)) }, false})
		for j := i + 1; j < len(ps); j++ {
			q := ps[j]
			core = append(core,
				rel{call + " == " + p.Name + " * " + q.Name, func(a []smt.Term, r smt.Term) smt.Term {
					return eq(r, bv("bvmul", conv(a[i], p.T), conv(a[j], q.T)))
				}, true},
				rel{call + " == " + p.Name + " + " + q.Name, func(a []smt.Term, r smt.Term) smt.Term {
					return eq(r, bv("bvadd", conv(a[i], p.T), conv(a[j], q.T)))
				}, false})
		}
	}
	for _, c := range []int64{0, 1} {
		core = append(core, rel{fmt.Sprintf("%s >= %d", call, c), func(_ []smt.Term, r smt.Term) smt.Term { return smt.BVSGe(r, bvInt(c, w)) }, false})
	}
	type guard struct {
		text string // when it is false, in C
		f    func(a []smt.Term) smt.Term
	}
	var guards []guard
	allPos := func(a []smt.Term) smt.Term { return smt.True }
	allText := ""
	for i, p := range ps {
		if !p.T.Signed {
			continue
		}
		zero := bvInt(0, p.T.Width)
		guards = append(guards,
			guard{p.Name + " < 0", func(a []smt.Term) smt.Term { return smt.BVSGe(a[i], zero) }},
			guard{p.Name + " <= 0", func(a []smt.Term) smt.Term { return smt.BVSGt(a[i], zero) }})
		prev := allPos
		allPos = func(a []smt.Term) smt.Term { return and(prev(a), smt.BVSGt(a[i], zero)) }
		if allText != "" {
			allText += " || "
		}
		allText += p.Name + " <= 0"
	}
	if len(guards) > 2 {
		guards = append(guards, guard{allText, allPos})
	}
	if f.Ret.Signed {
		for _, g := range guards {
			for _, c := range core {
				addAs(c.nonlinear, g.text+" || "+c.text, func(a []smt.Term, r smt.Term) smt.Term { return implies(g.f(a), c.f(a, r)) })
			}
		}
	}
	// Affine: a constant times a parameter, plus a constant or plus
	// another parameter and a constant (an accumulator).
	for i, p := range ps {
		for _, m := range consts {
			if m.Cmp(big.NewInt(1)) <= 0 {
				continue
			}
			mt := cv(m)
			for _, c := range consts {
				ct := cv(c)
				add(fmt.Sprintf("%s == %s * %s + %s", call, m, p.Name, c), func(a []smt.Term, r smt.Term) smt.Term {
					return eq(r, bv("bvadd", bv("bvmul", mt, conv(a[i], p.T)), ct))
				})
				for j, q := range ps {
					if j == i {
						continue
					}
					add(fmt.Sprintf("%s == %s * %s + %s + %s", call, m, p.Name, q.Name, c), func(a []smt.Term, r smt.Term) smt.Term {
						return eq(r, bv("bvadd", bv("bvadd", bv("bvmul", mt, conv(a[i], p.T)), conv(a[j], q.T)), ct))
					})
				}
			}
		}
		for j, q := range ps {
			if j == i {
				continue
			}
			for _, c := range consts {
				if c.Sign() == 0 {
					continue
				}
				ct := cv(c)
				add(fmt.Sprintf("%s == %s + %s + %s", call, p.Name, q.Name, c), func(a []smt.Term, r smt.Term) smt.Term {
					return eq(r, bv("bvadd", bv("bvadd", conv(a[i], p.T), conv(a[j], q.T)), ct))
				})
			}
		}
	}
	// Piecewise: for a parameter up to a constant, a constant; above it,
	// the parameter plus or minus a constant (McCarthy's 91).
	for i, p := range ps {
		for _, b := range consts {
			bt := extendTo(smt.BVBig(new(big.Int).And(b, mask(p.T.Width)), p.T.Width), p.T.Width, p.T.Width, p.T.Signed)
			for _, c := range consts {
				ct := cv(c)
				add(fmt.Sprintf("%s > %s || %s == %s", p.Name, b, call, c), func(a []smt.Term, r smt.Term) smt.Term {
					return implies(le(a[i], bt, p.T.Signed), eq(r, ct))
				})
			}
			for _, c := range consts {
				if c.Sign() == 0 {
					continue
				}
				ct := cv(c)
				add(fmt.Sprintf("%s <= %s || %s == %s - %s", p.Name, b, call, p.Name, c), func(a []smt.Term, r smt.Term) smt.Term {
					return implies(smt.Not(le(a[i], bt, p.T.Signed)), eq(r, bv("bvsub", conv(a[i], p.T), ct)))
				})
			}
		}
	}
	return out
}

// le is a <= b, signed or not.
func le(a, b smt.Term, signed bool) smt.Term {
	if signed {
		return smt.BVSLe(a, b)
	}
	return smt.BVULe(a, b)
}

// mask is 2^w - 1.
func mask(w int) *big.Int {
	return new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(w)), big.NewInt(1))
}

// maxSumConsts bounds the constants of one function's templates.
const maxSumConsts = 8

// sumConsts are 0, 1 and the integer constants of the functions' bodies
// (the summarised one's and main's, whose assertions say what a summary
// must), as C values, smallest magnitude first.
func sumConsts(w int, fs ...*ctree.Func) []*big.Int {
	seen := map[string]bool{}
	out := []*big.Int{big.NewInt(0), big.NewInt(1)}
	seen["0"], seen["1"] = true, true
	for _, f := range fs {
		if f == nil {
			continue
		}
		walkExprs(f.Body, func(e *ctree.Expr) {
			if e.Op != ctree.OConst || e.Val == nil || e.Val.BitLen() >= w || seen[e.Val.String()] {
				return
			}
			seen[e.Val.String()] = true
			out = append(out, new(big.Int).Set(e.Val))
		})
	}
	sort.SliceStable(out[2:], func(i, j int) bool {
		return new(big.Int).Abs(out[2+i]).Cmp(new(big.Int).Abs(out[2+j])) < 0
	})
	return out[:min(len(out), maxSumConsts)]
}

func paramList(f *ctree.Func) string {
	s := ""
	for i, p := range f.Params {
		if i > 0 {
			s += ", "
		}
		s += p.Name
	}
	return s
}

// sumSelVar is the Bool that assumes candidate summary i at every call.
func sumSelVar(i int) smt.Term { return smt.Var("sumsel" + itoa(i)) }

// SumSels asserts the kept candidates (live[i]) at every call.
func (tr *Translation) SumSels(live []bool) string {
	var b smt.Script
	for i, on := range live {
		if on {
			b.Assert(sumSelVar(i))
		} else {
			b.Assert(smt.Not(sumSelVar(i)))
		}
	}
	return b.String()
}

// summaryCall stands for a call of a summarised function: a fresh result
// that each candidate constrains when it is assumed.
func (x *sym) summaryCall(s *state, f *ctree.Func, args []value, line int) value {
	x.step(s, line)
	ret := x.fresh("sret", f.Ret.SMTSort())
	terms := make([]smt.Term, len(args))
	for i, a := range args {
		if !a.t.IsInt() || i >= len(f.Params) || a.t.Width != f.Params[i].T.Width {
			x.fail(line, "a call of %s whose arguments a summary cannot take", f.Name)
		}
		terms[i] = a.s
	}
	for i, c := range x.sum.Cands {
		if c.Fn == f {
			x.assume(s, implies(sumSelVar(i), c.rel(terms, ret)))
		}
	}
	return value{t: f.Ret, s: ret}
}

// runStep translates the step case of x.sum.Step: its body from any
// arguments, each candidate's violation (a return that breaks it) in
// tr.SumBad.
func (x *sym) runStep() {
	f := x.sum.Step
	x.objs = []*object{{id: 0, name: "NULL", sorts: map[string]bool{}}}
	s := newState()
	x.bind(s, eofVar, value{t: ctree.TInt, s: bvInt(0, 32)}, 0)
	x.frames++
	x.frame = x.frames
	fc := &funcCtx{fn: f}
	x.funcs = append(x.funcs, fc)
	x.stack = append(x.stack, f)
	x.fn = f.Name
	args := make([]smt.Term, len(f.Params))
	for i, p := range f.Params {
		v := x.nondet(p.T, "arg")
		args[i] = v.s
		x.bind(s, p, v, f.Line)
	}
	end := x.stmt(s, f.Body)
	x.gotosLeft(fc)
	if !end.dead() {
		// Falling off the end returns an unspecified value.
		fc.rets = append(fc.rets, end)
		fc.vals = append(fc.vals, x.nondet(f.Ret, "noret"))
	}
	x.tr.SumBad = make([]smt.Term, len(x.sum.Cands))
	for i, c := range x.sum.Cands {
		bad := smt.False
		if c.Fn == f {
			for j, r := range fc.rets {
				bad = or(bad, and(r.guard, smt.Not(c.rel(args, fc.vals[j].s))))
			}
		}
		x.tr.SumBad[i] = x.def(smt.BoolSort, bad)
	}
}
