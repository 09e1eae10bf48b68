package ctree

import (
	"fmt"
	"math/big"
	"sort"

	sitter "github.com/smacker/go-tree-sitter"
)

// A backJump is how a goto to a label before it is translated: a
// continue of the loop gotoLoop made (or, from inside a loop lowered
// after it, a forward goto to the end of that loop's body), or, for a
// label gotoRegion lowered, the number of the label in its region's flag
// and a forward goto to the region's end.
type backJump struct {
	// wraps is how many lowered loops were open around the label's own.
	wraps int
	// cont labels the end of a gotoLoop's body, used when a goto stands
	// inside a loop lowered later (a continue would be that loop's).
	cont string
	used bool
	// flag, k and back are gotoRegion's.
	flag *Var
	k    int
	back string
}

// findGotos records the labels that gotos in n name and where every label
// of n stands.
func (c *conv) findGotos(n *sitter.Node) {
	switch n.Type() {
	case "goto_statement":
		if l := n.ChildByFieldName("label"); l != nil {
			c.gotos[c.text(l)] = true
			c.gotoNodes[c.text(l)] = append(c.gotoNodes[c.text(l)], n)
		}
	case "labeled_statement":
		if l := n.ChildByFieldName("label"); l != nil {
			if c.labels[c.text(l)] != nil {
				c.fail(lineOf(n), "label %s defined twice", c.text(l))
			}
			c.labels[c.text(l)] = n
		}
	}
	for i := 0; i < int(n.NamedChildCount()); i++ {
		c.findGotos(n.NamedChild(i))
	}
}

// declsBetween returns the declarations that a jump from byte from to
// label lab passes over into their scope (their variables are then
// indeterminate at the label, as if declared without an initialiser).
func (c *conv) declsBetween(from uint32, lab *sitter.Node) []*sitter.Node {
	to := lab.StartByte()
	var found []*sitter.Node
	var walk func(n *sitter.Node)
	walk = func(n *sitter.Node) {
		if n.EndByte() <= from || n.StartByte() >= to {
			return
		}
		if (n.Type() == "declaration" || c.declLike(n)) && n.StartByte() >= from {
			if sc := n.Parent(); sc == nil || sc.EndByte() > to {
				found = append(found, n)
			}
			return
		}
		for i := 0; i < int(n.NamedChildCount()); i++ {
			walk(n.NamedChild(i))
		}
	}
	fn := lab
	for fn.Parent() != nil && fn.Type() != "function_definition" {
		fn = fn.Parent()
	}
	walk(fn)
	return found
}

// A skip is a goto past declarations into their scope: its Stmt, an
// SDecl that declares their variables without initialisers where the
// goto stands, is filled in once the declarations are converted
// (fillSkips).
type skip struct {
	decl  *Stmt
	nodes []*sitter.Node
	label string
	line  int
}

// fillSkips declares, at each goto past declarations, the variables the
// goto passes over, uninitialised: what C gives them at the label. A
// variable-length array cannot be jumped into (C forbids it) and is
// refused; a static keeps its value and is not declared again.
func (c *conv) fillSkips() {
	for _, sk := range c.skips {
		for _, d := range sk.nodes {
			vs, ok := c.declVars[d.StartByte()]
			if !ok {
				c.fail(sk.line, "goto %s past the declaration at line %d into its scope", sk.label, lineOf(d))
			}
			for _, v := range vs {
				if v.VLA {
					c.fail(sk.line, "goto %s into the scope of the variable-length array %s", sk.label, v.Name)
				}
				if !v.Static {
					sk.decl.Decls = append(sk.decl.Decls, v)
				}
			}
		}
	}
}

// declLike reports whether n is an expression statement that may be a
// declaration "T * x" or "T * x = e" of a typedef name T, which the parser
// reads as a multiplication (misparsedDecl).
func (c *conv) declLike(n *sitter.Node) bool {
	if n.Type() != "expression_statement" || n.NamedChildCount() == 0 {
		return false
	}
	e := n.NamedChild(0)
	if e.Type() == "assignment_expression" {
		e = e.ChildByFieldName("left")
	}
	if e == nil || e.Type() != "binary_expression" {
		return false
	}
	l := e.ChildByFieldName("left")
	if l == nil || l.Type() != "identifier" {
		return false
	}
	_, ok := c.typedefs[c.text(l)]
	return ok
}

// markLabels sets Stmt.Labels: the goto targets inside each statement.
func markLabels(st *Stmt) []string {
	if st == nil {
		return nil
	}
	var ls []string
	if st.Op == SLabel {
		ls = append(ls, st.Label)
	}
	for _, s := range append([]*Stmt{st.Init, st.Body, st.Else}, st.List...) {
		ls = append(ls, markLabels(s)...)
	}
	st.Labels = ls
	return ls
}

// findJoins marks the ifs whose else branch jumps into their then branch
// (CPAchecker's reducers write `if (c) { A; L: B } else { C; goto L; }`
// for a branch and its join): converted with the branches swapped,
// `if (!c) { C; goto L; } else { A; L: B }`, the same program, each such
// goto is a forward one, which the executor follows without a loop. An if
// whose then branch also jumps into its else branch stays as written.
func (c *conv) findJoins(n *sitter.Node) {
	if n.Type() == "if_statement" {
		t, e := n.ChildByFieldName("consequence"), n.ChildByFieldName("alternative")
		if e != nil && e.Type() == "else_clause" {
			e = e.NamedChild(int(e.NamedChildCount()) - 1)
		}
		if t != nil && e != nil && len(c.gotosInto(t, e)) == 0 {
			if js := c.gotosInto(e, t); len(js) > 0 {
				c.flipped[n.StartByte()] = true
				for _, g := range js {
					c.joins[g.StartByte()] = t.StartByte()
				}
			}
		}
	}
	for i := 0; i < int(n.NamedChildCount()); i++ {
		c.findJoins(n.NamedChild(i))
	}
}

// gotosInto returns the gotos inside from whose labels stand inside to.
func (c *conv) gotosInto(from, to *sitter.Node) []*sitter.Node {
	var out []*sitter.Node
	for name, gs := range c.gotoNodes {
		lab := c.labels[name]
		if lab == nil || !within(lab, to) {
			continue
		}
		for _, g := range gs {
			if within(g, from) {
				out = append(out, g)
			}
		}
	}
	return out
}

// within reports whether node x lies inside node n.
func within(x, n *sitter.Node) bool {
	return x.StartByte() >= n.StartByte() && x.EndByte() <= n.EndByte()
}

// backward reports whether goto g jumps back in the order the executor
// runs the statements: to a label before it, and not a join of a swapped
// if (findJoins).
func (c *conv) backward(g, lab *sitter.Node) bool {
	_, join := c.joins[g.StartByte()]
	return lab.StartByte() < g.StartByte() && !join
}

// stmts converts the statements of block n from its i-th child on. A
// label that a later goto of the block jumps back to turns the rest of
// the block into a loop (gotoLoop, gotoRegion).
func (c *conv) stmts(n *sitter.Node, i int) []*Stmt {
	var out []*Stmt
	for ; i < int(n.NamedChildCount()); i++ {
		ch := n.NamedChild(i)
		if ch.Type() == "comment" {
			continue
		}
		if loop := c.gotoLoop(n, i); loop != nil {
			return append(out, loop)
		}
		if loop := c.gotoRegion(n, i); loop != nil {
			return append(out, loop)
		}
		out = append(out, c.stmt(ch))
	}
	return out
}

// gotoLoop reads a loop made by a backward goto: the i-th statement of
// block n is labelled L, and every goto L that jumps back stands after it
// in the block, outside any loop or switch of the block's. From L to the
// block's end is then the body of a loop, `L: while (1) { L's statement
// ... the block's last; break; }`, in which each goto L that jumps back is
// a continue, and one from before enters the loop at its head. nil when
// the i-th statement is no such label; gotoRegion lowers the other shapes
// it can.
func (c *conv) gotoLoop(n *sitter.Node, i int) *Stmt {
	ch := n.NamedChild(i)
	if ch.Type() != "labeled_statement" {
		return nil
	}
	name := c.text(ch.ChildByFieldName("label"))
	gs := c.gotoNodes[name]
	if len(gs) == 0 || c.jumps[name] != nil {
		return nil
	}
	to := n.EndByte()
	entered := false
	for _, g := range gs {
		if !c.backward(g, ch) {
			// a goto from before the loop enters it at its head
			entered = true
			continue
		}
		if g.EndByte() > to {
			return nil // a goto from after the block
		}
		for p := g.Parent(); p != nil && p != n; p = p.Parent() {
			switch p.Type() {
			case "while_statement", "do_statement", "for_statement", "switch_statement", "argument_list", "parenthesized_expression":
				return nil
			}
		}
	}
	if !c.closedRegion(n, i, name) {
		return nil
	}
	line := lineOf(ch)
	j := &backJump{wraps: c.wraps, cont: fmt.Sprintf("%s#%d", name, line)}
	c.jumps[name] = j
	c.wraps++
	defer func() { delete(c.jumps, name); c.wraps-- }()
	c.scopes = append(c.scopes, map[string]*Var{})
	defer func() { c.scopes = c.scopes[:len(c.scopes)-1] }()
	body := &Stmt{Op: SBlock, Line: line, List: []*Stmt{c.stmt(ch)}}
	body.List = append(body.List, c.stmts(n, i+1)...)
	end := lineOf(n.NamedChild(int(n.NamedChildCount()) - 1))
	body.List = append(body.List, &Stmt{Op: SBreak, Line: end})
	if j.used {
		body.List = append(body.List, &Stmt{Op: SLabel, Line: end, Label: j.cont, Body: &Stmt{Op: SEmpty, Line: end}})
	}
	// No source range: the bound counters of unwind.go cannot be placed
	// on a loop the source does not write, and that replay refuses.
	loop := &Stmt{Op: SWhile, Line: line, X: c.cond(intConst(1, line)), Body: body}
	if entered {
		return &Stmt{Op: SLabel, Line: line, Label: name, Body: loop}
	}
	return loop
}

// gotoRegion lowers the labels inside the i-th statement of block n that
// gotos later in the block jump back to, where gotoLoop does not apply
// (the label in one branch of an if and the goto in the other, as
// CPAchecker's reducers write loops, or a goto inside a loop). From that
// statement to the block's end becomes
//
//	int back = 0;
//	while (1) {
//		if (back == 1) { back = 0; goto L1; }  ... one for each label
//		the statements
//		end: if (back == 0) break;
//	}
//
// in which a goto Lk standing after Lk is `{ back = k; goto end; }`. Each
// goto is then a forward one, which the executor follows. nil when no
// label of the statement qualifies, or the region is not closed: a goto
// into it from outside, a break or continue that would now leave the new
// loop, a label inside a loop of the region or after a declaration in
// whose scope it stands (the goto from the loop's head would pass them).
func (c *conv) gotoRegion(n *sitter.Node, i int) *Stmt {
	ch := n.NamedChild(i)
	var names []string
	for name, gs := range c.gotoNodes {
		lab := c.labels[name]
		if lab == nil || c.jumps[name] != nil || !within(lab, ch) {
			continue
		}
		var back []*sitter.Node
		for _, g := range gs {
			if c.backward(g, lab) {
				back = append(back, g)
			}
		}
		if len(back) > 0 && innermostBlock(lab, back) == n {
			names = append(names, name)
		}
	}
	if len(names) == 0 || !c.closedRegion(n, i, "") {
		return nil
	}
	sort.Slice(names, func(a, b int) bool { return c.labels[names[a]].StartByte() < c.labels[names[b]].StartByte() })
	for _, name := range names {
		lab := c.labels[name]
		for p := lab.Parent(); p != nil && p != n; p = p.Parent() {
			switch p.Type() {
			case "while_statement", "do_statement", "for_statement", "switch_statement":
				return nil
			}
		}
		for _, g := range c.gotoNodes[name] {
			for p := g.Parent(); p != nil && p != n; p = p.Parent() {
				switch p.Type() {
				case "argument_list", "parenthesized_expression":
					return nil
				}
			}
		}
		if len(c.declsBetween(ch.StartByte(), lab)) > 0 {
			return nil
		}
	}
	line := lineOf(ch)
	end := lineOf(n.NamedChild(int(n.NamedChildCount()) - 1))
	flag := c.newVar(fmt.Sprintf("__surety_back%d", c.prog.NumVars+1), TInt, line)
	flag.Init = &Init{Scalar: intConst(0, line)}
	ref := func(l int) *Expr { return &Expr{Op: OVar, T: TInt, Var: flag, Line: l} }
	set := func(k, l int) *Stmt {
		return &Stmt{Op: SExpr, Line: l, X: &Expr{Op: OAssign, T: TInt, X: ref(l), Y: intConst(k, l), Line: l}}
	}
	back := fmt.Sprintf("#back%d", flag.ID)
	body := &Stmt{Op: SBlock, Line: line}
	for k, name := range names {
		c.jumps[name] = &backJump{wraps: c.wraps, flag: flag, k: k + 1, back: back}
		body.List = append(body.List, &Stmt{Op: SIf, Line: line, X: c.binop("==", ref(line), intConst(k+1, line), line),
			Body: &Stmt{Op: SBlock, Line: line, List: []*Stmt{set(0, line), {Op: SGoto, Line: line, Label: name}}}})
	}
	c.wraps++
	defer func() {
		for _, name := range names {
			delete(c.jumps, name)
		}
		c.wraps--
	}()
	body.List = append(body.List, c.stmts(n, i)...)
	body.List = append(body.List, &Stmt{Op: SLabel, Line: end, Label: back,
		Body: &Stmt{Op: SIf, Line: end, X: c.binop("==", ref(end), intConst(0, end), end), Body: &Stmt{Op: SBreak, Line: end}}})
	loop := &Stmt{Op: SWhile, Line: line, X: c.cond(intConst(1, line)), Body: body}
	return &Stmt{Op: SBlock, Line: line, List: []*Stmt{{Op: SDecl, Line: line, Decls: []*Var{flag}}, loop}}
}

// jumpBack translates a goto to a label before it that gotoLoop or
// gotoRegion lowered.
func (c *conv) jumpBack(j *backJump, line int) *Stmt {
	switch {
	case j.flag != nil:
		return &Stmt{Op: SBlock, Line: line, List: []*Stmt{
			{Op: SExpr, Line: line, X: &Expr{Op: OAssign, T: TInt, X: &Expr{Op: OVar, T: TInt, Var: j.flag, Line: line}, Y: intConst(j.k, line), Line: line}},
			{Op: SGoto, Line: line, Label: j.back},
		}}
	case c.wraps == j.wraps+1:
		return &Stmt{Op: SContinue, Line: line}
	default:
		j.used = true
		return &Stmt{Op: SGoto, Line: line, Label: j.cont}
	}
}

// closedRegion reports whether the statements of block n from the i-th
// on can become a loop's body: no goto from outside them to a label
// inside them (a jump into the loop) but to head, the label of the loop's
// head, and no break or continue in them that would then leave the new
// loop instead of an enclosing one.
func (c *conv) closedRegion(n *sitter.Node, i int, head string) bool {
	from, to := n.NamedChild(i).StartByte(), n.EndByte()
	inside := func(x *sitter.Node) bool { return x.StartByte() >= from && x.EndByte() <= to }
	for l, ln := range c.labels {
		if !inside(ln) || l == head {
			continue
		}
		for _, g := range c.gotoNodes[l] {
			if !inside(g) {
				return false
			}
		}
	}
	var stray bool
	var walk func(x *sitter.Node, inLoop, inSwitch bool)
	walk = func(x *sitter.Node, inLoop, inSwitch bool) {
		switch x.Type() {
		case "break_statement":
			stray = stray || !inLoop && !inSwitch
		case "continue_statement":
			stray = stray || !inLoop
		case "while_statement", "do_statement", "for_statement":
			inLoop = true
		case "switch_statement":
			inSwitch = true
		}
		for j := 0; j < int(x.NamedChildCount()) && !stray; j++ {
			walk(x.NamedChild(j), inLoop, inSwitch)
		}
	}
	for j := i; j < int(n.NamedChildCount()); j++ {
		walk(n.NamedChild(j), false, false)
	}
	return !stray
}

// innermostBlock returns the innermost compound statement around lab
// that holds every node of gs too, or nil.
func innermostBlock(lab *sitter.Node, gs []*sitter.Node) *sitter.Node {
	for p := lab.Parent(); p != nil; p = p.Parent() {
		if p.Type() != "compound_statement" {
			continue
		}
		all := true
		for _, g := range gs {
			all = all && g.StartByte() >= p.StartByte() && g.EndByte() <= p.EndByte()
		}
		if all {
			return p
		}
	}
	return nil
}

// intConst is the int constant v.
func intConst(v, line int) *Expr {
	return &Expr{Op: OConst, T: TInt, Val: big.NewInt(int64(v)), Line: line}
}
