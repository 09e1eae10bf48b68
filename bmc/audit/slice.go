package audit

import (
	sitter "github.com/smacker/go-tree-sitter"
)

// The backward slice of an assertion: the statements and conditions whose
// changes can change the assertion's value. It is syntactic and
// flow-insensitive, over variable names, and errs on the side of
// including:
//
//   - a name is a function's local (its parameters and declarations) or,
//     when the function declares no such name, a global;
//   - a statement is in the slice when it assigns (=, op=, ++, --, a
//     declaration's initialiser) a name in the slice, wherever it is in
//     the program: in the assertion's function, in a function it calls, in
//     any function; a write through a pointer (*p = ..., p->f = ..., p[i]
//     = ... where p is not an array the program declares, an array
//     parameter included) may write anything and is always in the slice;
//   - the names a slice statement reads join the slice, and so do the
//     conditions of the if, while, do, for and switch statements around it
//     (and around the assertion), with the names they read;
//   - a function whose call is in the slice has its return statements in
//     it, and a call that passes a name of the slice (an array, a pointer,
//     a value the callee returns) is in it, with the callee's parameters;
//   - in the assertion's own function, statements after the assertion are
//     left out unless a loop holds both.
//
// Names are not resolved through pointers: the rule on writes through
// pointers and on calls that pass a slice name is the conservative
// stand-in.

// A unit is a statement, or a control statement's condition, as the slice
// sees it.
type unit struct {
	start, end int
	fn         string   // the enclosing function
	defs       []string // the names it assigns, scoped; "*" for a write through a pointer
	uses       []string // the names it reads, scoped
	calls      []string // the functions it calls
	ret        bool     // a return statement
	ctrl       []int    // the condition units around it, innermost last
	loops      [][2]int // the loops around it
}

type sliceFunc struct {
	name   string
	params []string // scoped
	locals map[string]bool
}

// sliceOf returns the byte ranges of the units in the backward slice of
// the assertion whose statement spans [aStart, aEnd), in the tree root of
// src.
func sliceOf(src []byte, root *sitter.Node, aStart, aEnd int) [][2]int {
	var units []unit
	funcs := map[string]*sliceFunc{}
	arrays := map[string]bool{} // the scoped names declared as arrays
	var target *unit            // the assertion, as a unit that reads its predicate

	// scope returns the slice's name for identifier name in function fn.
	scope := func(fn *sliceFunc, name string) string {
		if fn != nil && fn.locals[name] {
			return fn.name + "." + name
		}
		return name
	}
	var collect func(n *sitter.Node, fn *sliceFunc, ctrl []int, loops [][2]int)
	// add makes a unit of node n: defs from the assignments in it, uses
	// from every identifier.
	add := func(n *sitter.Node, fn *sliceFunc, ctrl []int, loops [][2]int, ret bool) int {
		u := unit{start: int(n.StartByte()), end: int(n.EndByte()), fn: fn.name, ret: ret,
			ctrl: append([]int(nil), ctrl...), loops: append([][2]int(nil), loops...)}
		var each func(c *sitter.Node) bool
		each = func(c *sitter.Node) bool {
			switch c.Type() {
			case "identifier":
				u.uses = append(u.uses, scope(fn, c.Content(src)))
			case "call_expression":
				if f := c.ChildByFieldName("function"); f != nil && f.Type() == "identifier" {
					u.calls = append(u.calls, f.Content(src))
				}
			case "assignment_expression":
				left := c.ChildByFieldName("left")
				u.defs = append(u.defs, target_(src, left, fn, scope, arrays)...)
				if op := c.ChildByFieldName("operator"); op != nil && op.Type() == "=" && left != nil && left.Type() == "identifier" {
					// A plain assignment to a name does not read it.
					if r := c.ChildByFieldName("right"); r != nil {
						visit(r, each)
					}
					return false
				}
			case "update_expression":
				u.defs = append(u.defs, target_(src, c.ChildByFieldName("argument"), fn, scope, arrays)...)
			case "declaration":
				// The declared names are assigned by their initialisers, not
				// read; array sizes are constants.
				for j := 0; j < int(c.NamedChildCount()); j++ {
					if k := c.NamedChild(j); k.Type() == "init_declarator" {
						if d := declName(k.ChildByFieldName("declarator")); d != nil {
							u.defs = append(u.defs, scope(fn, d.Content(src)))
						}
						if v := k.ChildByFieldName("value"); v != nil {
							visit(v, each)
						}
					}
				}
				return false
			case "compound_statement", "if_statement", "while_statement", "for_statement", "do_statement", "switch_statement":
				return c == n // statements nested in an expression (GNU) stay theirs
			}
			return true
		}
		visit(n, each)
		units = append(units, u)
		return len(units) - 1
	}
	collect = func(n *sitter.Node, fn *sliceFunc, ctrl []int, loops [][2]int) {
		start, end := int(n.StartByte()), int(n.EndByte())
		if start >= aStart && end <= aEnd && n.Type() == "expression_statement" {
			i := add(n, fn, ctrl, loops, false)
			target = &units[i]
			return
		}
		switch n.Type() {
		case "expression_statement", "declaration":
			add(n, fn, ctrl, loops, false)
			return
		case "return_statement":
			add(n, fn, ctrl, loops, true)
			return
		case "if_statement", "while_statement", "do_statement", "switch_statement":
			inner := ctrl
			if c := n.ChildByFieldName("condition"); c != nil {
				inner = append(append([]int(nil), ctrl...), add(c, fn, ctrl, loops, false))
			}
			if n.Type() == "while_statement" || n.Type() == "do_statement" {
				loops = append(append([][2]int(nil), loops...), [2]int{start, end})
			}
			for i := 0; i < int(n.NamedChildCount()); i++ {
				if c := n.NamedChild(i); c.Type() != "parenthesized_expression" {
					collect(c, fn, inner, loops)
				}
			}
			return
		case "for_statement":
			loops = append(append([][2]int(nil), loops...), [2]int{start, end})
			inner := ctrl
			if c := n.ChildByFieldName("condition"); c != nil {
				inner = append(append([]int(nil), ctrl...), add(c, fn, ctrl, loops, false))
			}
			if c := n.ChildByFieldName("initializer"); c != nil {
				add(c, fn, ctrl, loops, false)
			}
			if c := n.ChildByFieldName("update"); c != nil {
				add(c, fn, inner, loops, false)
			}
			if c := n.ChildByFieldName("body"); c != nil {
				collect(c, fn, inner, loops)
			}
			return
		}
		for i := 0; i < int(n.NamedChildCount()); i++ {
			collect(n.NamedChild(i), fn, ctrl, loops)
		}
	}
	for i := 0; i < int(root.NamedChildCount()); i++ {
		if d := root.NamedChild(i); d.Type() == "declaration" {
			declared(d, func(k *sitter.Node) {
				if id := declName(k); id != nil && k.Type() == "array_declarator" {
					arrays[id.Content(src)] = true
				}
			})
		}
	}
	for i := 0; i < int(root.NamedChildCount()); i++ {
		def := root.NamedChild(i)
		if def.Type() != "function_definition" {
			continue
		}
		d := declName(def.ChildByFieldName("declarator"))
		body := def.ChildByFieldName("body")
		if d == nil || body == nil {
			continue
		}
		fn := &sliceFunc{name: d.Content(src), locals: map[string]bool{}}
		if fd := funcDeclarator(def.ChildByFieldName("declarator")); fd != nil {
			if ps := fd.ChildByFieldName("parameters"); ps != nil {
				for j := 0; j < int(ps.NamedChildCount()); j++ {
					if pd := ps.NamedChild(j).ChildByFieldName("declarator"); pd != nil {
						if id := declName(pd); id != nil {
							fn.locals[id.Content(src)] = true
							fn.params = append(fn.params, fn.name+"."+id.Content(src))
						}
					}
				}
			}
		}
		visit(body, func(c *sitter.Node) bool {
			if c.Type() == "declaration" {
				declared(c, func(k *sitter.Node) {
					if id := declName(k); id != nil {
						fn.locals[id.Content(src)] = true
						arrays[fn.name+"."+id.Content(src)] = k.Type() == "array_declarator"
					}
				})
			}
			return true
		})
		funcs[fn.name] = fn
		collect(body, fn, nil, nil)
	}
	if target == nil {
		return nil
	}

	// The fixpoint: mark units until no name, return or parameter joins.
	names := map[string]bool{}
	returns := map[string]bool{}
	in := make([]bool, len(units))
	var queue []int
	mark := func(i int) {
		if !in[i] {
			in[i] = true
			queue = append(queue, i)
		}
	}
	tStart, tEnd, tFn, tLoops := target.start, target.end, target.fn, target.loops
	after := func(u *unit) bool { // in the assertion's function, after it, and no loop holds both
		if u.fn != tFn || u.start < tEnd {
			return false
		}
		for _, l := range u.loops {
			for _, m := range tLoops {
				if l == m {
					return false
				}
			}
		}
		return true
	}
	for i := range units {
		if units[i].start == tStart && units[i].end == tEnd {
			mark(i)
		}
	}
	for len(queue) > 0 {
		for len(queue) > 0 {
			u := &units[queue[0]]
			queue = queue[1:]
			for _, n := range u.uses {
				names[n] = true
			}
			for _, c := range u.ctrl {
				mark(c)
			}
			for _, f := range u.calls {
				if fn := funcs[f]; fn != nil {
					returns[f] = true
					for _, p := range fn.params {
						names[p] = true
					}
				}
			}
		}
		for i := range units {
			u := &units[i]
			if in[i] || after(u) {
				continue
			}
			hit := u.ret && returns[u.fn]
			for _, d := range u.defs {
				hit = hit || d == "*" || names[d]
			}
			for _, f := range u.calls {
				if fn := funcs[f]; fn != nil && !hit {
					// A call passing a slice name, or into a function whose
					// parameters are in the slice.
					for _, p := range fn.params {
						hit = hit || names[p]
					}
					for _, n := range u.uses {
						hit = hit || names[n] && n != f
					}
				}
			}
			if hit {
				mark(i)
			}
		}
	}
	var out [][2]int
	for i, u := range units {
		if in[i] && !(u.start == tStart && u.end == tEnd) {
			out = append(out, [2]int{u.start, u.end})
		}
	}
	return out
}

// visit calls fn on n and its named descendants, depth first, while fn
// returns true.
func visit(n *sitter.Node, fn func(*sitter.Node) bool) {
	if !fn(n) {
		return
	}
	for i := 0; i < int(n.NamedChildCount()); i++ {
		visit(n.NamedChild(i), fn)
	}
}

// target_ returns the scoped names an assignment to lvalue l defines: the
// base identifier of a name, a member access or a subscript of an array
// the program declares; "*" for a write through a pointer (*p, p->f, a
// subscript of a pointer or of an array parameter), which may write
// anything.
func target_(src []byte, l *sitter.Node, fn *sliceFunc, scope func(*sliceFunc, string) string, arrays map[string]bool) []string {
	sub := false
	for l != nil {
		switch l.Type() {
		case "identifier":
			name := scope(fn, l.Content(src))
			if sub && !arrays[name] {
				return []string{"*"}
			}
			return []string{name}
		case "subscript_expression":
			sub = true
			l = l.ChildByFieldName("argument")
		case "field_expression":
			if op := l.ChildByFieldName("operator"); op != nil && op.Type() == "->" {
				return []string{"*"}
			}
			l = l.ChildByFieldName("argument")
		case "parenthesized_expression":
			l = l.NamedChild(0)
		default: // *p, a cast, a call: anything
			return []string{"*"}
		}
	}
	return []string{"*"}
}

// declared calls fn with the declarator of each name that declaration d
// declares.
func declared(d *sitter.Node, fn func(declarator *sitter.Node)) {
	for j := 0; j < int(d.NamedChildCount()); j++ {
		k := d.NamedChild(j)
		switch k.Type() {
		case "init_declarator":
			k = k.ChildByFieldName("declarator")
		case "identifier", "array_declarator", "pointer_declarator", "parenthesized_declarator":
		default:
			continue
		}
		if k != nil {
			fn(k)
		}
	}
}

// declName returns the identifier a declarator declares, nil when there is
// none.
func declName(d *sitter.Node) *sitter.Node {
	for d != nil {
		switch d.Type() {
		case "identifier", "field_identifier":
			return d
		case "init_declarator", "pointer_declarator", "array_declarator", "function_declarator", "parenthesized_declarator", "attributed_declarator":
			if c := d.ChildByFieldName("declarator"); c != nil {
				d = c
				continue
			}
			if d.NamedChildCount() > 0 {
				d = d.NamedChild(0)
				continue
			}
			return nil
		default:
			return nil
		}
	}
	return nil
}

// funcDeclarator returns the function_declarator inside declarator d.
func funcDeclarator(d *sitter.Node) *sitter.Node {
	for d != nil {
		if d.Type() == "function_declarator" {
			return d
		}
		d = d.ChildByFieldName("declarator")
	}
	return nil
}
