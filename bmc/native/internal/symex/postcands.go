package symex

import (
	"github.com/suretydev/surety/bmc/native/internal/ctree"
	"github.com/suretydev/surety/smt"
)

// Candidates from the loop's exit. A loop `for (i = 1; i <= n; i++)` ends
// with i == n + 1 when i <= n + 1 is invariant, so an assertion after it,
// 2*sum == n*(n + 1), is what the invariant 2*sum == (i - 1)*i says at the
// exit: the assertion with n replaced by what the exit makes it in the
// counter's terms. Houdini checks these as any other candidates (a wrong
// guess is dropped), so they only add proofs: of sums, products and other
// relations that no template of two variables says.

// maxPostCands bounds the assertions made candidates for one loop.
const maxPostCands = 4

// exitBound is a loop condition a OP b read at the loop's exit: a, a
// variable the loop changes; b, an expression of what it does not; op with
// a on its left.
type exitBound struct {
	a  *ctree.Var
	op string
	b  *ctree.Expr
}

// loopExit reads the condition of loop as an exitBound, false when it is
// no comparison of a variable the loop changes with what it does not.
func loopExit(loop *ctree.Stmt, mod map[*ctree.Var]bool) (exitBound, bool) {
	c := loop.X
	constant := c == nil // for (;;)
	if !constant {
		_, constant = ctree.FoldInt(c)
	}
	if constant {
		// while (1) { if (c) ... }, as a loop by goto is lowered: the
		// first if decides whether the loop goes on
		first := loop.Body
		for first != nil && first.Op == ctree.SBlock {
			i := 0
			for i < len(first.List) && first.List[i].Op == ctree.SEmpty {
				i++ // the label of a loop by goto
			}
			if i == len(first.List) {
				return exitBound{}, false
			}
			first = first.List[i]
		}
		if first == nil || first.Op != ctree.SIf {
			return exitBound{}, false
		}
		c = first.X
	}
	if c == nil || c.Op != ctree.OBin {
		return exitBound{}, false
	}
	flip := map[string]string{"<": ">", "<=": ">=", ">": "<", ">=": "<=", "!=": "!="}
	if _, ok := flip[c.Name]; !ok {
		return exitBound{}, false
	}
	a, b, op := c.X, c.Y, c.Name
	if !(a.Op == ctree.OVar && mod[a.Var]) {
		a, b, op = b, a, flip[op]
	}
	if a.Op != ctree.OVar || !mod[a.Var] || !a.Var.T.IsInt() || a.Var.T.Bool || readsAny(b, mod) {
		return exitBound{}, false
	}
	return exitBound{a: a.Var, op: op, b: b}, true
}

// readsAny reports whether e reads a variable of vs.
func readsAny(e *ctree.Expr, vs map[*ctree.Var]bool) bool {
	found := false
	walkExprs(&ctree.Stmt{X: e}, func(e *ctree.Expr) {
		found = found || e.Op == ctree.OVar && vs[e.Var]
	})
	return found
}

// postCands are a loop's candidates from its exit: the bound the exit
// reaches (i <= n + 1 for i <= n) and main's assertions with the
// condition's other side, a variable, replaced by its value at the exit
// in terms of the counter. A variable main assigns once (a copy the
// program makes of a value, as the reducers' __VERIFIER_assert__cond =
// __tmp_1 = (...)) reads as that value.
func (x *sym) postCands(loop, main *ctree.Stmt, mod, read []*ctree.Var) []candidate {
	in := map[*ctree.Var]bool{}
	changed := map[*ctree.Var]bool{}
	for _, v := range intVars(mod) {
		in[v], changed[v] = true, true
	}
	for _, v := range intVars(read) {
		in[v] = true
	}
	ex, ok := loopExit(loop, changed)
	if !ok {
		return nil
	}
	a := ex.a
	one := value{t: a.T, s: bvInt(1, a.T.Width)}
	defs := singleDefs(main)
	// env reads a variable of the head state cur; n, when set, reads as
	// the counter's value at the exit (op one from it, op "" for itself).
	type subst struct {
		n  *ctree.Var
		op string
	}
	env := func(cur func(*ctree.Var) smt.Term, sb subst) func(*ctree.Var) (value, bool) {
		depth := 0
		var get func(v *ctree.Var) (value, bool)
		get = func(v *ctree.Var) (value, bool) {
			switch d, ok := defs[v]; {
			case v == sb.n:
				av := value{t: a.T, s: cur(a)}
				if sb.op != "" {
					av = x.binop(sb.op, av, one, a.T)
				}
				return av, true
			case ok && depth < maxDefDepth:
				depth++
				defer func() { depth-- }()
				return x.exprAt(d, get)
			case in[v]:
				return value{t: v.T, s: cur(v)}, true
			}
			return value{}, false
		}
		return get
	}
	zero := func(v *ctree.Var) smt.Term { return bvInt(0, v.T.Width) }
	var cs []candidate
	// The bound: a reaches b (b + 1 or b - 1 where the comparison lets
	// it equal b) and stops.
	boundOp := map[string]string{"<": "<=", "<=": "<=", ">": ">=", ">=": ">="}[ex.op]
	step := map[string]string{"<=": "+", ">=": "-"}[ex.op]
	if _, ok := x.exprAt(ex.b, env(zero, subst{})); ok && boundOp != "" && ex.b.T == a.T {
		cs = append(cs, candidate{term: func(cur func(*ctree.Var) smt.Term) smt.Term {
			b, _ := x.exprAt(ex.b, env(cur, subst{}))
			if step != "" {
				b = x.binop(step, b, one, a.T)
			}
			return truth(x.binop(boundOp, value{t: a.T, s: cur(a)}, b, ctree.TInt))
		}})
	}
	// The assertions, with the other side n at its exit value.
	if ex.b.Op != ctree.OVar || !in[ex.b.Var] || ex.b.Var.T != a.T {
		return cs
	}
	sb := subst{n: ex.b.Var, op: map[string]string{"<=": "-", ">=": "+"}[ex.op]}
	for _, p := range mainAsserts(main, sb.n, defs) {
		if _, ok := x.exprAt(p, env(zero, sb)); !ok {
			continue
		}
		cs = append(cs, candidate{term: func(cur func(*ctree.Var) smt.Term) smt.Term {
			v, _ := x.exprAt(p, env(cur, sb))
			return truth(v)
		}})
	}
	return cs
}

// mainAsserts are the predicates of main's assertions that read n, at
// most maxPostCands. An assertion that fails wherever it runs
// (reach_error() in `if (!c) reach_error();`) asserts that the innermost
// if does not lead to it.
func mainAsserts(main *ctree.Stmt, n *ctree.Var, defs map[*ctree.Var]*ctree.Expr) []*ctree.Expr {
	var out []*ctree.Expr
	not := func(e *ctree.Expr) *ctree.Expr {
		return &ctree.Expr{Op: ctree.OUn, Name: "!", X: e, T: ctree.TInt, Line: e.Line}
	}
	var walk func(st *ctree.Stmt, guard *ctree.Expr)
	walk = func(st *ctree.Stmt, guard *ctree.Expr) {
		if st == nil || len(out) == maxPostCands {
			return
		}
		if st.Op == ctree.SAssert && st.X != nil {
			p := st.X
			if v, ok := ctree.FoldInt(p); ok && v.Sign() == 0 && guard != nil {
				p = not(guard)
			}
			if !sideEffects(p) && readsVia(p, n, defs, 0) {
				out = append(out, p)
			}
		}
		walk(st.Init, guard)
		if st.Op == ctree.SIf && st.X != nil {
			walk(st.Body, st.X)
			walk(st.Else, not(st.X))
		} else {
			walk(st.Body, guard)
			walk(st.Else, guard)
		}
		for _, c := range st.List {
			walk(c, guard)
		}
	}
	walk(main, nil)
	return out
}

// maxDefDepth bounds the copies followed from an assertion to the loop's
// variables.
const maxDefDepth = 8

// singleDefs are main's variables that main assigns once, by a
// declaration's initialiser or an assignment, of a pure integer
// expression, and whose address it does not take: their one value.
func singleDefs(main *ctree.Stmt) map[*ctree.Var]*ctree.Expr {
	count := map[*ctree.Var]int{}
	defs := map[*ctree.Var]*ctree.Expr{}
	walkExprs(main, func(e *ctree.Expr) {
		switch e.Op {
		case ctree.OAssign, ctree.OCompound, ctree.OIncDec:
			if e.X.Op == ctree.OVar {
				count[e.X.Var]++
				if e.Op == ctree.OAssign {
					defs[e.X.Var] = e.Y
				}
			}
		case ctree.OAddr:
			if e.X.Op == ctree.OVar {
				count[e.X.Var] += 2 // written through a pointer, maybe
			}
		}
	})
	walkStmts(main, func(st *ctree.Stmt) {
		for _, v := range st.Decls {
			if v.Init != nil && v.Init.Scalar != nil {
				count[v]++
				defs[v] = v.Init.Scalar
			}
		}
	})
	for v, d := range defs {
		if count[v] != 1 || v.Mem || !v.T.IsInt() || sideEffects(d) {
			delete(defs, v)
		}
	}
	return defs
}

// readsVia reports whether e reads v, itself or through defs.
func readsVia(e *ctree.Expr, v *ctree.Var, defs map[*ctree.Var]*ctree.Expr, depth int) bool {
	found := false
	walkExprs(&ctree.Stmt{X: e}, func(e *ctree.Expr) {
		if found || e.Op != ctree.OVar {
			return
		}
		if e.Var == v {
			found = true
		} else if d, ok := defs[e.Var]; ok && depth < maxDefDepth {
			found = readsVia(d, v, defs, depth+1)
		}
	})
	return found
}

// exprAt is the value of e, a pure integer expression (constants,
// variables, + - * & | ^ ~, comparisons, &&, ||, !, ?: and conversions
// between integer types), where each variable reads env; false for any
// other expression or a variable env does not give.
func (x *sym) exprAt(e *ctree.Expr, env func(*ctree.Var) (value, bool)) (value, bool) {
	if e == nil || !e.T.IsInt() {
		return value{}, false
	}
	switch e.Op {
	case ctree.OConst:
		return value{t: e.T, s: smt.BVBig(ctree.WrapInt(e.Val, e.T), e.T.Width)}, true
	case ctree.OVar:
		return env(e.Var)
	case ctree.OConv:
		v, ok := x.exprAt(e.X, env)
		if !ok {
			return value{}, false
		}
		return x.convert(v, e.T), true
	case ctree.OUn:
		v, ok := x.exprAt(e.X, env)
		if !ok {
			return value{}, false
		}
		switch e.Name {
		case "-":
			return value{t: e.T, s: bvNeg(v.s)}, true
		case "~":
			return value{t: e.T, s: bvNot(v.s)}, true
		case "!":
			return boolVal(not(truth(v))), true
		}
	case ctree.OBin:
		switch e.Name {
		case "+", "-", "*", "&", "|", "^", "==", "!=", "<", "<=", ">", ">=":
		default:
			return value{}, false
		}
		a, ok1 := x.exprAt(e.X, env)
		b, ok2 := x.exprAt(e.Y, env)
		if !ok1 || !ok2 {
			return value{}, false
		}
		return x.binop(e.Name, a, b, e.T), true
	case ctree.OAnd, ctree.OOr:
		a, ok1 := x.exprAt(e.X, env)
		b, ok2 := x.exprAt(e.Y, env)
		if !ok1 || !ok2 {
			return value{}, false
		}
		if e.Op == ctree.OAnd {
			return boolVal(and(truth(a), truth(b))), true
		}
		return boolVal(or(truth(a), truth(b))), true
	case ctree.OCond:
		c, ok1 := x.exprAt(e.X, env)
		a, ok2 := x.exprAt(e.Y, env)
		b, ok3 := x.exprAt(e.Z, env)
		if !ok1 || !ok2 || !ok3 || a.t.Width != b.t.Width {
			return value{}, false
		}
		return value{t: e.T, s: ite(truth(c), a.s, b.s)}, true
	}
	return value{}, false
}
