package ctree

import "fmt"

// Unions in the engine's memory model, which keeps a cell per scalar, of
// that scalar's sort: cells of two sorts never share bytes. A union's
// members start at the same byte, so a union keeps the cells of one
// member, its Rep, and every member the program names must read those
// cells as they are: its cells a prefix of Rep's, cell for cell of the
// same sort at the same byte (an int beside an unsigned int, a struct
// that begins with the other member). A member the program never names
// is never read or written, so it may overlay the others' bytes in any
// way (a union of a pointer and a double that the program uses as a
// pointer only); a program that names two members that reinterpret each
// other's bytes (an int read back as a float, or as its bytes) is outside
// the model, and says which union.

// A unionDef is a union type and the line that defines it.
type unionDef struct {
	t    *Type
	line int
}

// use records that the program names member i of t, if t is a union.
func (c *conv) use(t *Type, i int) {
	if !t.Union {
		return
	}
	m := c.used[t]
	if m == nil {
		m = map[int]bool{}
		c.used[t] = m
	}
	m[i] = true
}

// resolveUnions picks each union's Rep, in the order they were laid out
// (a union inside another first): the widest member when all members
// overlay one another, else the widest the program names, which every
// member it names must overlay.
func (c *conv) resolveUnions() {
	for _, u := range c.unions {
		t := u.t
		t.Rep = t.widest()
		if _, ok := overlay(t, nil); ok {
			continue
		}
		used := c.used[t]
		if used == nil {
			continue // no member named: none is read
		}
		for i, f := range t.Fields {
			if used[i] && (!used[t.Rep] || f.T.Cells() > t.Fields[t.Rep].T.Cells()) {
				t.Rep = i
			}
		}
		if f, ok := overlay(t, used); !ok {
			c.fail(u.line, "%s whose members %s and %s, both used, reinterpret each other's bytes", t, t.Fields[t.Rep].Name, f.Name)
		}
	}
}

// widest is the position of the member of a union with the most cells,
// the first of those with as many.
func (t *Type) widest() int {
	w := 0
	for i, f := range t.Fields {
		if f.T.Cells() > t.Fields[w].T.Cells() {
			w = i
		}
	}
	return w
}

// A leaf is a scalar cell of a type as memory holds it: its cell sort, the
// byte it starts at and, for a bit-field, its first bit and width.
type leaf struct {
	sort            string
	byte, bit, bits int
}

// leaves lists the scalar cells of t at byte off, in cell order.
func leaves(t *Type, off int, out []leaf) []leaf {
	switch t.Kind {
	case KArray:
		for i := 0; i < t.Len; i++ {
			out = leaves(t.Elem, off+i*t.Elem.Size(), out)
		}
	case KStruct:
		if t.Union {
			if len(t.Fields) > 0 {
				out = leaves(t.Fields[t.Rep].T, off, out)
			}
			break
		}
		for _, f := range t.Fields {
			n := len(out)
			out = leaves(f.T, off+f.Byte, out)
			if f.T.Bits > 0 {
				out[n].bit = f.Bit
			}
		}
	default:
		out = append(out, leaf{sort: t.SortKey(), byte: off, bits: t.Bits})
	}
	return out
}

// overlay reports the first member of union t among only (nil: all)
// whose cells are not a prefix of its Rep's.
func overlay(t *Type, only map[int]bool) (Field, bool) {
	if len(t.Fields) == 0 {
		return Field{}, true
	}
	rep := leaves(t.Fields[t.Rep].T, 0, nil)
	for i, f := range t.Fields {
		if only != nil && !only[i] {
			continue
		}
		for k, l := range leaves(f.T, 0, nil) {
			if k >= len(rep) || l != rep[k] {
				return f, false
			}
		}
	}
	return Field{}, true
}

// unionCast translates gcc's cast to a union, (union u) x: an unnamed
// union whose member of x's type holds x, as the lvalue
// *({ union u tmp; tmp.m = x; &tmp; }).
func (c *conv) unionCast(x *Expr, t *Type, line int) *Expr {
	if c.scopes == nil {
		c.fail(line, "cast to %s outside a function", t)
	}
	for i, f := range t.Fields {
		if !SameType(f.T, x.T) {
			continue
		}
		c.use(t, i)
		v := c.newVar(fmt.Sprintf("(%s)#%d", t, c.prog.NumVars+1), t, line)
		v.Mem = true
		tmp := &Expr{Op: OVar, T: t, Var: v, Line: line}
		m := &Expr{Op: OField, T: f.T, X: tmp, Off: f.Off, Name: f.Name, Line: line}
		addr := &Expr{Op: OAddr, T: PtrTo(t), X: tmp, Line: line}
		blk := &Stmt{Op: SBlock, Line: line, List: []*Stmt{
			{Op: SDecl, Line: line, Decls: []*Var{v}},
			{Op: SExpr, Line: line, X: &Expr{Op: OAssign, T: f.T, X: m, Y: x, Line: line}},
		}}
		ptr := &Expr{Op: OStmtExpr, T: addr.T, Block: blk, Y: addr, Line: line}
		return &Expr{Op: ODeref, T: t, X: ptr, Line: line}
	}
	c.fail(line, "cast to %s from %s, the type of none of its members", t, x.T)
	return nil
}
