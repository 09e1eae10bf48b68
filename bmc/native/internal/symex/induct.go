package symex

import (
	"cmp"
	"fmt"
	"github.com/suretydev/surety/smt"
	"maps"
	"math/big"
	"slices"
	"strings"

	"github.com/suretydev/surety/bmc/native/internal/ctree"
)

// k-induction: a VERIFIED answer whose bound is not complete (a loop can
// run more than K times) is proved for every execution when, besides the
// base case (today's K-bounded check), a step case holds for each loop of
// main that is not inside another loop (the "top" loops; main runs once,
// so each runs at most once per execution).
//
// The step case of top loop L is the program in which
//   - every top loop before L is skipped: its variables are havocked and
//     it is left as its last iteration leaves it (the head's condition
//     false, or a break), which reaches every state a real run leaves it
//     in;
//   - L's variables are havocked at its head, K iterations run with the
//     target assumed and the loop continuing (no exit, no break), and the
//     K+1-th iteration and everything after the loop are checked; the
//     back edge after it is cut;
//   - top loops after L run K-bounded, their unwinding exempt.
//
// Every other bound (a nested loop, a loop in a called function, a
// recursion, a library model's bound) must be complete in the base case
// and in every step case. Then take a run that violates the target, at
// its first violation: if every top loop ran at most K times before it,
// the base case has it; otherwise let L be the last top loop that ran more
// than K times before it, and start L's step case K iterations before
// the violation (or before L's exit): the havoc reaches that state, the
// target held in the K iterations since, so the step case has it. Hence
// base and step cases unsatisfiable means no run violates the target.
//
// The havoc is sound only when it covers everything the loop changes. It
// is computed from the loop's text: the variables it assigns (an array or
// struct as a whole through its subscripts and fields), and in functions
// it calls, the globals and statics they assign. A loop that writes
// through a pointer, that changes a pointer, or that calls a library
// function that writes memory or holds state (input, allocation) is not
// inducted: its answer keeps its bound.

// Induction selects the step case of one top loop.
type Induction struct {
	Loop *ctree.Stmt
	// skip holds the top loops before it; after, those after it, whose
	// unwinding is exempt in this step case.
	Skip, After map[*ctree.Stmt]bool
	// Carry holds the invariants proved of skipped loops in their own
	// step cases: a skipped loop is left in a state where they hold (they
	// hold at its every head, the last one included, on a run whose
	// first violation of the target comes after the loop; that is the
	// run this step case must cover).
	Carry map[*ctree.Stmt]Kept
	// NoOverflow makes the step case assume that signed arithmetic does
	// not overflow, as C lets a program assume: the induction then covers
	// the runs up to their first overflow, and its answer says so. Linear
	// invariants of counters (x <= 2*i) are inductive only without the
	// wraparound that a havocked head near INT_MAX would have.
	NoOverflow bool
}

// Kept are the candidate invariants of a loop that Houdini kept: Live by
// the index of the step case's Cands, and the fingerprint (Translation's
// CandPrint) of the candidates they index, which a skip checks before it
// assumes them.
type Kept struct {
	Live  []bool
	Print string
}

// TopLoops lists main's loops that are not inside another loop, in source
// order, which is their execution order (gotos only jump forward).
func TopLoops(body *ctree.Stmt) []*ctree.Stmt {
	var out []*ctree.Stmt
	var walk func(st *ctree.Stmt)
	walk = func(st *ctree.Stmt) {
		if st == nil {
			return
		}
		switch st.Op {
		case ctree.SWhile, ctree.SFor, ctree.SDo:
			out = append(out, st)
			return
		}
		walk(st.Init)
		walk(st.Body)
		walk(st.Else)
		for _, c := range st.List {
			walk(c)
		}
	}
	walk(body)
	return out
}

// CallsMain reports whether any function of the program calls main, which
// would run main's loops more than once.
func CallsMain(cp *ctree.Program) bool {
	found := false
	for _, f := range cp.Funcs {
		if f.Body == nil {
			continue
		}
		walkExprs(f.Body, func(e *ctree.Expr) {
			if e.Op == ctree.OCall && e.Fn != nil && e.Fn.Name == "main" {
				found = true
			}
			for _, g := range e.Cands {
				if g.Name == "main" {
					found = true // through a pointer
				}
			}
		})
	}
	return found
}

// walkStmts calls fn on st and every statement in it, in source order
// (not those of statement expressions: walkExprs reaches them).
func walkStmts(st *ctree.Stmt, fn func(*ctree.Stmt)) {
	if st == nil {
		return
	}
	fn(st)
	walkStmts(st.Init, fn)
	walkStmts(st.Body, fn)
	walkStmts(st.Else, fn)
	for _, c := range st.List {
		walkStmts(c, fn)
	}
}

// walkExprs calls fn on every expression in st, nested ones included.
func walkExprs(st *ctree.Stmt, fn func(*ctree.Expr)) {
	var expr func(e *ctree.Expr)
	expr = func(e *ctree.Expr) {
		if e == nil {
			return
		}
		fn(e)
		expr(e.X)
		expr(e.Y)
		expr(e.Z)
		for _, a := range e.Args {
			expr(a)
		}
		walkExprs(e.Block, fn)
	}
	walkStmts(st, func(st *ctree.Stmt) {
		expr(st.X)
		expr(st.Post)
		for _, d := range st.Decls {
			if d.Init != nil {
				expr(d.Init.Scalar)
				for _, c := range d.Init.Cells {
					expr(c.E)
				}
			}
		}
	})
}

// A writeSet is what a loop may change: the variables (whole) it or its
// callees assign. why is set when the loop cannot be havocked soundly.
type writeSet struct {
	vars map[*ctree.Var]bool
	why  string
}

// loopWrites computes what loop st may change.
func loopWrites(st *ctree.Stmt) *writeSet {
	w := &writeSet{vars: map[*ctree.Var]bool{}}
	seen := map[*ctree.Func]bool{}
	var scan func(body *ctree.Stmt, globalsOnly bool)
	scan = func(body *ctree.Stmt, globalsOnly bool) {
		walkExprs(body, func(e *ctree.Expr) {
			if w.why != "" {
				return
			}
			switch e.Op {
			case ctree.OAssign, ctree.OCompound, ctree.OIncDec:
				v := lvalueRoot(e.X)
				switch {
				case v == nil:
					w.why = fmt.Sprintf("it writes through a pointer (line %d)", e.Line)
				case globalsOnly && !v.Global && !v.Static:
				default:
					w.vars[v] = true
				}
			case ctree.OCall:
				switch {
				case e.Fn != nil:
					if !seen[e.Fn] {
						seen[e.Fn] = true
						scan(e.Fn.Body, true)
					}
				case strings.HasPrefix(e.Name, "__VERIFIER_nondet_") || e.Havoc || ctree.KeepsNoState(e.Name):
				case isFPClass(e.Name):
				default:
					name := e.Name
					if name == "" {
						name = "a function through a pointer"
					}
					w.why = fmt.Sprintf("it calls %s (line %d)", name, e.Line)
				}
			}
		})
	}
	scan(st, false)
	if w.why == "" {
		for _, v := range w.sorted() {
			if hasPointer(v.T) {
				w.why = fmt.Sprintf("it changes %s, which holds a pointer", v.Name)
				break
			}
		}
	}
	return w
}

// sorted lists the written variables by ID, so that what is built from
// them does not depend on map order.
func (w *writeSet) sorted() []*ctree.Var {
	vs := slices.Collect(maps.Keys(w.vars))
	slices.SortFunc(vs, func(a, b *ctree.Var) int { return cmp.Compare(a.ID, b.ID) })
	return vs
}

// lvalueRoot is the variable an lvalue designates a part of, or nil when
// the lvalue goes through a pointer.
func lvalueRoot(e *ctree.Expr) *ctree.Var {
	switch e.Op {
	case ctree.OVar:
		return e.Var
	case ctree.OField:
		return lvalueRoot(e.X)
	case ctree.ODeref:
		p := e.X
		for p.Op == ctree.OPtrAdd || p.Op == ctree.OConv {
			p = p.X
		}
		if p.Op == ctree.ODecay {
			return lvalueRoot(p.X)
		}
	}
	return nil
}

// hasPointer reports whether a value of type t holds a pointer.
func hasPointer(t *ctree.Type) bool {
	for _, l := range ctree.ScalarLeaves(t, nil) {
		if l.IsPtr() {
			return true
		}
	}
	return false
}

// leavesBody reports whether a loop body can leave its loop other than by
// the loop's condition: a break (not one of a nested loop or switch) or a
// goto (forward, so out of the body or within it: either way counted).
func leavesBody(st *ctree.Stmt) bool {
	return leaves(st, true)
}

func leaves(st *ctree.Stmt, own bool) bool {
	if st == nil {
		return false
	}
	switch st.Op {
	case ctree.SBreak:
		return own
	case ctree.SGoto:
		return true
	case ctree.SWhile, ctree.SFor, ctree.SDo, ctree.SSwitch:
		own = false
	}
	if leaves(st.Init, own) || leaves(st.Body, own) || leaves(st.Else, own) {
		return true
	}
	for _, c := range st.List {
		if leaves(c, own) {
			return true
		}
	}
	return false
}

// havoc gives everything loop st may change a fresh unconstrained value.
func (x *sym) havoc(s *state, st *ctree.Stmt) {
	w := loopWrites(st)
	if w.why != "" {
		x.fail(st.Line, "k-induction: the loop at line %d is not havocked: %s", st.Line, w.why)
	}
	for _, v := range w.sorted() {
		key := x.varKey(v)
		if o, ok := s.vobj[key]; ok {
			ob := x.objs[o]
			for _, sk := range slices.Sorted(maps.Keys(ob.sorts)) {
				if ob.small {
					c := make([]smt.Term, ob.cells)
					for i := range c {
						c[i] = x.fresh("hc"+itoa(o)+"_", sortOfKey[sk])
					}
					s.cells[mkey{o, sk}] = c
				} else {
					s.mem[mkey{o, sk}] = x.fresh("hm"+itoa(o)+"_", arrSort(sk))
				}
			}
			continue
		}
		if _, ok := s.regs[key]; ok {
			s.regs[key] = x.nondet(v.T, "h")
		}
	}
}

// inductLoop runs a top loop in a step case: havocked at its head, then
// iters iterations that must continue (exits and breaks dropped) with the
// target assumed, then one iteration whose exits are kept; the back edge
// after it is cut. check is false for a skipped loop, whose assertions
// are assumed (they held before the violation the step case looks for)
// and never checked.
func (x *sym) inductLoop(s *state, st *ctree.Stmt, iters int, check bool) *state {
	x.step(s, st.Line)
	if st.Op == ctree.SFor && st.Init != nil {
		s = x.stmt(s, st.Init)
	}
	var cands, carried []candidate
	kept, carry := x.ind.Carry[st]
	if check || carry {
		// Candidate invariants (invariant.go), at the entry before the havoc.
		mod, read := x.candVars(s, st, loopWrites(st))
		vals := map[*ctree.Var]smt.Term{}
		for _, v := range append(append([]*ctree.Var(nil), mod...), read...) {
			vals[v] = s.regs[x.varKey(v)].s
		}
		consts, scales := candConsts(st, x.stack[0].Body), loopScales(st)
		all := append(buildCands(mod, read, vals, consts, scales), x.postCands(st, x.stack[0].Body, mod, read)...)
		print := candPrint(mod, read, consts, scales, len(all))
		if check {
			cands = all
			x.tr.CandPrint = print
			entry := func(v *ctree.Var) smt.Term { return vals[v] }
			for _, cd := range cands {
				x.tr.Cands = append(x.tr.Cands, InvCand{InitBad: x.def(smt.BoolSort, and(s.guard, not(cd.term(entry)))), Text: cd.text})
			}
		} else {
			if kept.Print != print || len(kept.Live) != len(all) {
				x.fail(st.Line, "k-induction: the invariants proved of the loop at line %d do not match its candidates here", st.Line)
			}
			for j, cd := range all {
				if kept.Live[j] {
					carried = append(carried, cd)
				}
			}
		}
	}
	cur := func(v *ctree.Var) smt.Term { return s.regs[x.varKey(v)].s }
	x.havoc(s, st)
	for _, cd := range carried {
		s.guard = x.def(smt.BoolSort, and(s.guard, cd.term(cur)))
	}
	for j, cd := range cands {
		sel := x.fresh("inv", smt.BoolSort)
		x.tr.Cands[j].Sel = sel
		s.guard = x.def(smt.BoolSort, and(s.guard, implies(sel, cd.term(cur))))
	}
	var exits []*state
	cond := func(s *state, keep bool) {
		c := smt.True
		if st.X != nil {
			c = x.def(smt.BoolSort, truth(x.eval(s, st.X)))
		}
		if c != smt.True && keep {
			exits = append(exits, s.withGuard(x.def(smt.BoolSort, and(s.guard, not(c)))))
		}
		s.guard = x.def(smt.BoolSort, and(s.guard, c))
	}
	for i := 0; i <= iters && !s.dead(); i++ {
		last := i == iters
		if st.Op != ctree.SDo {
			cond(s, last)
			if s.dead() || last && !check && !leavesBody(st.Body) {
				break // a skipped loop that its body cannot leave leaves by its head
			}
		}
		quiet := !last || !check
		if quiet {
			x.quiet++
		}
		x.breaks = append(x.breaks, nil)
		x.conts = append(x.conts, nil)
		s = x.stmt(s, st.Body)
		brk := x.breaks[len(x.breaks)-1]
		cnt := x.conts[len(x.conts)-1]
		x.breaks = x.breaks[:len(x.breaks)-1]
		x.conts = x.conts[:len(x.conts)-1]
		if last {
			exits = append(exits, brk...)
		}
		if len(cnt) > 0 {
			s = x.merge(append(cnt, s))
		}
		if st.Op == ctree.SFor && st.Post != nil && !s.dead() {
			x.eval(s, st.Post)
		}
		if st.Op == ctree.SDo && !s.dead() {
			cond(s, last)
		}
		if quiet {
			x.quiet--
		}
		if i == 0 && !last {
			// the head after one iteration from the havocked head
			for j, cd := range cands {
				x.tr.Cands[j].PostBad = x.def(smt.BoolSort, and(s.guard, not(cd.term(cur))))
			}
		}
	}
	if len(exits) == 0 {
		s.guard = smt.False
		return s
	}
	return x.merge(exits)
}

// candPrint fingerprints a loop's candidates: the variables, constants
// and scales they are built from, and how many there are.
func candPrint(mod, read []*ctree.Var, consts, scales []*big.Int, n int) string {
	var b strings.Builder
	for _, v := range mod {
		fmt.Fprintf(&b, "m%d,", v.ID)
	}
	for _, v := range read {
		fmt.Fprintf(&b, "r%d,", v.ID)
	}
	for _, c := range consts {
		fmt.Fprintf(&b, "c%s,", c)
	}
	for _, k := range scales {
		fmt.Fprintf(&b, "k%s,", k)
	}
	fmt.Fprintf(&b, "n%d", n)
	return b.String()
}

// assumeAssert runs an assertion of a step case's assumed iterations: the
// target holds there (ind<i> is asserted for the target only), so do the
// assertions the query assumes; no violation is recorded.
func (x *sym) assumeAssert(s *state, st *ctree.Stmt) *state {
	on := or(x.tr.Selector[st.Assert], indVar(st.Assert))
	if sideEffects(st.X) || st.Body != nil {
		keep := keepVar(st.Assert)
		g := s.guard
		s1 := s.withGuard(x.def(smt.BoolSort, and(g, keep)))
		c := x.def(smt.BoolSort, truth(x.eval(s1, st.X)))
		s1.guard = x.def(smt.BoolSort, and(s1.guard, implies(on, c)))
		s.guard = x.def(smt.BoolSort, and(g, not(keep)))
		if st.Body != nil {
			s = x.stmt(s, st.Body)
		}
		return x.merge([]*state{s1, s})
	}
	c := x.def(smt.BoolSort, truth(x.eval(s, st.X)))
	s.guard = x.def(smt.BoolSort, and(s.guard, implies(on, c)))
	return s
}

// isFPClass reports whether name is a classification function
// (ctree.FPClass), which writes no memory.
func isFPClass(name string) bool {
	_, ok := ctree.FPClass[name]
	return ok
}

// HasSignedArith reports whether loop st does signed arithmetic that can
// overflow (+, -, *, unary -, ++, --, compound assignments), the only
// thing Induction.NoOverflow changes.
func HasSignedArith(st *ctree.Stmt) bool {
	found := false
	signed := func(t *ctree.Type) bool { return t != nil && t.IsInt() && t.Signed && !t.Bool }
	walkExprs(st, func(e *ctree.Expr) {
		switch e.Op {
		case ctree.OBin:
			switch e.Name {
			case "+", "-", "*":
				found = found || signed(e.T)
			}
		case ctree.OUn:
			found = found || e.Name == "-" && signed(e.T)
		case ctree.OIncDec:
			found = found || signed(ctree.Promote(e.T))
		case ctree.OCompound:
			found = found || signed(e.CT)
		}
	})
	return found
}
