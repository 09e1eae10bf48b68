package native

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/suretydev/surety/bmc"
	"github.com/suretydev/surety/bmc/native/internal/ctree"
	"github.com/suretydev/surety/smt"
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

// induction selects the step case of one top loop.
type induction struct {
	loop *ctree.Stmt
	// skip holds the top loops before it; after, those after it, whose
	// unwinding is exempt in this step case.
	skip, after map[*ctree.Stmt]bool
}

// topLoops lists main's loops that are not inside another loop, in source
// order, which is their execution order (gotos only jump forward).
func topLoops(body *ctree.Stmt) []*ctree.Stmt {
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

// callsMain reports whether any function of the program calls main, which
// would run main's loops more than once.
func callsMain(cp *ctree.Program) bool {
	found := false
	for _, f := range cp.Funcs {
		if f.Body == nil {
			continue
		}
		walkExprs(f.Body, func(e *ctree.Expr) {
			if e.Op == ctree.OCall && e.Fn != nil && e.Fn.Name == "main" {
				found = true
			}
		})
	}
	return found
}

// walkExprs calls fn on every expression in st, nested ones included.
func walkExprs(st *ctree.Stmt, fn func(*ctree.Expr)) {
	if st == nil {
		return
	}
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
	walkExprs(st.Init, fn)
	walkExprs(st.Body, fn)
	walkExprs(st.Else, fn)
	for _, c := range st.List {
		walkExprs(c, fn)
	}
}

// A writeSet is what a loop may change: the variables (whole) it or its
// callees assign. why is set when the loop cannot be havocked soundly.
type writeSet struct {
	vars map[*ctree.Var]bool
	why  string
}

// pureLibrary are the library functions that write none of the program's
// memory and keep no state a havoc would have to cover.
var pureLibrary = map[string]bool{
	"printf": true, "fprintf": true, "puts": true, "putchar": true, "fputs": true, "fflush": true, "putc": true, "fputc": true,
	"rand": true, "srand": true, "exit": true, "abort": true, "reach_error": true, "__VERIFIER_error": true, "__assert_fail": true,
	"__VERIFIER_assume": true, "assume": true, "assert": true, "abs": true, "labs": true, "llabs": true,
	"fabs": true, "fabsf": true, "sqrt": true, "sqrtf": true, "floor": true, "ceil": true, "round": true, "trunc": true,
	"fmin": true, "fmax": true, "isdigit": true, "isalpha": true, "isalnum": true, "isspace": true, "isupper": true,
	"islower": true, "isxdigit": true, "isprint": true, "ispunct": true, "toupper": true, "tolower": true,
	"strlen": true, "strnlen": true, "strcmp": true, "strncmp": true, "atoi": true, "atol": true, "atoll": true,
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
				case strings.HasPrefix(e.Name, "__VERIFIER_nondet_") || pureLibrary[e.Name]:
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
		for v := range w.vars {
			if hasPointer(v.T) {
				w.why = fmt.Sprintf("it changes %s, which holds a pointer", v.Name)
				break
			}
		}
	}
	return w
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
	for v := range w.vars {
		key := x.varKey(v)
		if o, ok := s.vobj[key]; ok {
			ob := x.objs[o]
			for sk := range ob.sorts {
				if ob.small {
					c := make([]string, ob.cells)
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
	var cands []candidate
	var entry func(*ctree.Var) string
	if check {
		// Candidate invariants (invariant.go), at the entry before the havoc.
		mod, read := x.candVars(s, st, loopWrites(st))
		vals := map[*ctree.Var]string{}
		for _, v := range append(append([]*ctree.Var(nil), mod...), read...) {
			vals[v] = s.regs[x.varKey(v)].s
		}
		entry = func(v *ctree.Var) string { return vals[v] }
		cands = buildCands(mod, read, vals, candConsts(st, x.stack[0].Body), loopScales(st))
		for _, cd := range cands {
			x.tr.cands = append(x.tr.cands, invCand{initBad: x.def("Bool", and(s.guard, not(cd.term(entry)))), text: cd.text})
		}
	}
	cur := func(v *ctree.Var) string { return s.regs[x.varKey(v)].s }
	x.havoc(s, st)
	for j, cd := range cands {
		sel := x.fresh("inv", "Bool")
		x.tr.cands[j].sel = sel
		s.guard = x.def("Bool", and(s.guard, implies(sel, cd.term(cur))))
	}
	var exits []*state
	cond := func(s *state, keep bool) {
		c := "true"
		if st.X != nil {
			c = x.def("Bool", truth(x.eval(s, st.X)))
		}
		if c != "true" && keep {
			exits = append(exits, s.withGuard(x.def("Bool", and(s.guard, not(c)))))
		}
		s.guard = x.def("Bool", and(s.guard, c))
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
				x.tr.cands[j].postBad = x.def("Bool", and(s.guard, not(cd.term(cur))))
			}
		}
	}
	if len(exits) == 0 {
		s.guard = "false"
		return s
	}
	return x.merge(exits)
}

// assumeAssert runs an assertion of a step case's assumed iterations: the
// target holds there (ind<i> is asserted for the target only), so do the
// assertions the query assumes; no violation is recorded.
func (x *sym) assumeAssert(s *state, st *ctree.Stmt) *state {
	on := or(x.tr.selector[st.Assert], "ind"+itoa(st.Assert))
	if sideEffects(st.X) || st.Body != nil {
		keep := "keep" + itoa(st.Assert)
		g := s.guard
		s1 := s.withGuard(x.def("Bool", and(g, keep)))
		c := x.def("Bool", truth(x.eval(s1, st.X)))
		s1.guard = x.def("Bool", and(s1.guard, implies(on, c)))
		s.guard = x.def("Bool", and(g, not(keep)))
		if st.Body != nil {
			s = x.stmt(s, st.Body)
		}
		return x.merge([]*state{s1, s})
	}
	c := x.def("Bool", truth(x.eval(s, st.X)))
	s.guard = x.def("Bool", and(s.guard, implies(on, c)))
	return s
}

// induct proves q's target for every execution by k-induction at q.K,
// given its base case tr: the target VERIFIED at K with some bound not
// complete. It returns the modelling assumptions of the step cases, or
// why the proof did not go through ("" when induction was not tried).
func (c *Checker) induct(ctx context.Context, q *bmc.Query, tr *translation, sel string, deadline time.Time) (ok bool, assumptions []string, proved []bmc.Invariant, why string, err error) {
	if c.opts.NoInduction {
		return false, nil, nil, "", nil
	}
	cp, err := c.parsed(ctx, q.Program)
	if err != nil {
		return false, nil, nil, "", nil // the base case parsed it; cancelled
	}
	main := cp.Funcs["main"]
	if main == nil || main.Body == nil || callsMain(cp) {
		return false, nil, nil, "k-induction: main is called by the program", nil
	}
	loops := topLoops(main.Body)
	top := map[*ctree.Stmt]bool{}
	for _, l := range loops {
		top[l] = true
	}
	// The base case: every bound but the top loops' is complete.
	var others []string
	for _, u := range tr.unwind {
		if !top[u.loop] {
			others = append(others, u.guard)
		}
	}
	if len(others) > 0 {
		d, err := c.decider(tr, time.Until(deadline))
		if err != nil {
			return false, nil, nil, "", err
		}
		sr, err := c.solve(ctx, d, sel+"(assert (or false "+strings.Join(others, " ")+"))\n", nil, time.Until(deadline))
		if err != nil {
			return false, nil, nil, "", err
		}
		if sr.Status != smt.Unsat {
			return false, nil, nil, stepWhy(sr, "a loop inside a loop or a function, or a recursion, can exceed k"), nil
		}
	}
	src, sw := sourceKey(q.Program)
	var asm []string
	for i, l := range loops {
		ind := &induction{loop: l, skip: map[*ctree.Stmt]bool{}, after: map[*ctree.Stmt]bool{}}
		for _, o := range loops[:i] {
			ind.skip[o] = true
		}
		for _, o := range loops[i+1:] {
			ind.after[o] = true
		}
		key := fmt.Sprintf("%s/%d%s/variant=%d/ind=%d", src, q.K, sw, q.Variant, i)
		tr2, err := c.trs.get(key, c.cacheSize(), func() (*translation, error) {
			return translateStep(ctx, q.Program, cp, q.K, q.Variant, nil, c.opts.MallocMayFail, ind)
		})
		if err != nil {
			var u *ctree.UnsupportedError
			switch {
			case errors.As(err, &u):
				return false, nil, nil, "k-induction: " + strings.TrimPrefix(u.What, "k-induction: "), nil
			case errors.Is(err, errResource) || errors.Is(err, context.DeadlineExceeded):
				return false, nil, nil, "k-induction: " + err.Error(), nil
			}
			return false, nil, nil, "", err
		}
		goal := append([]string(nil), tr2.viol[q.Target]...)
		for _, u := range tr2.unwind {
			if !ind.after[u.loop] {
				goal = append(goal, u.guard)
			}
		}
		if len(goal) == 0 {
			continue
		}
		sel2 := tr2.selectors(q)
		for j := range tr2.selector {
			if j == q.Target {
				sel2 += fmt.Sprintf("(assert ind%d)\n", j)
			} else {
				sel2 += fmt.Sprintf("(assert (not ind%d))\n", j)
			}
		}
		d, err := c.decider(tr2, time.Until(deadline))
		if err != nil {
			return false, nil, nil, "", err
		}
		invs, texts, err := c.houdini(ctx, d, tr2, sel2, deadline)
		if err != nil {
			return false, nil, nil, "", err
		}
		sel2 += invs
		if l.Op != ctree.SDo {
			for _, t := range texts {
				proved = append(proved, bmc.Invariant{Line: l.Line, Column: column(q.Program.Source, l.Span[0]), Function: "main", Expr: t})
			}
		}
		sr, err := c.solve(ctx, d, sel2+"(assert (or false "+strings.Join(goal, " ")+"))\n", nil, time.Until(deadline))
		if err != nil {
			return false, nil, nil, "", err
		}
		if sr.Status != smt.Unsat {
			return false, nil, nil, stepWhy(sr, fmt.Sprintf("the step case of the loop at line %d does not hold at k=%d", l.Line, q.K)), nil
		}
		a, err := c.assumptionsOf(ctx, d, tr2, sel2, time.Until(deadline))
		if err != nil {
			return false, nil, nil, "", err
		}
		asm = append(asm, a...)
	}
	return true, asm, proved, "", nil
}

// stepWhy says why a check of the induction did not prove what it asked.
func stepWhy(sr *smt.Result, sat string) string {
	if sr.Status == smt.Sat {
		return "k-induction: " + sat
	}
	return "k-induction: solver: " + sr.Reason
}

// sortedUnion is the sorted set of the strings of a and b.
func sortedUnion(a, b []string) []string {
	out := append(append([]string(nil), a...), b...)
	slices.Sort(out)
	return slices.Compact(out)
}

// column is the 1-based column of byte offset off in src.
func column(src []byte, off int) int {
	if off < 0 || off > len(src) {
		return 0
	}
	return off - bytes.LastIndexByte(src[:off], '\n')
}
