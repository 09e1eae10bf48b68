package ctree

import (
	"strings"

	sitter "github.com/smacker/go-tree-sitter"
)

// The layout of structs and unions: each member's cell offset in the
// engine's memory model (one cell per scalar, whatever its size) and its
// byte offset, size and alignment as gcc gives them on x86-64 (the System
// V ABI), which sizeof and the replay of a counterexample see.

// A decl is a member as declared: a field, or an unnamed bit-field,
// which only moves the members after it.
type decl struct {
	Field
	unnamed bool
}

// layout sets the offsets of t's members from decls, in order, and t's
// size and alignment; t.Fields becomes the members with a name or of an
// anonymous struct or union type (whose members are t's).
//
// A bit-field takes Bits bits from where the previous member ended, unless
// that would cross a boundary of its declared type's alignment: then it
// starts at the next one. A bit-field of width 0 moves the next member to
// such a boundary. An unnamed bit-field does not raise the alignment of t.
// In the model a bit-field has a cell of its own, which holds its value;
// its Byte is the start of the unit of its declared type that holds it.
func layout(t *Type, decls []decl) {
	bit, align := 0, 1
	t.Fields = t.Fields[:0]
	for _, d := range decls {
		f := d.Field
		start := bit
		if t.Union {
			start = 0
		}
		a := f.T.Align()
		switch {
		case f.T.Bits > 0 || d.unnamed:
			unit := 8 * a
			w := f.T.Bits
			if w == 0 || start/unit != (start+w-1)/unit {
				start = (start + unit - 1) / unit * unit
			}
			f.Byte = start / unit * a
			f.Bit = start - 8*f.Byte
			start += w
		default:
			start = (start + 8*a - 1) / (8 * a) * (8 * a)
			f.Byte = start / 8
			start += 8 * f.T.Size()
		}
		bit = max(bit, start)
		if !d.unnamed {
			align = max(align, a)
			t.Fields = append(t.Fields, f)
		}
	}
	t.Aligned = align
	t.Bytes = ((bit+7)/8 + align - 1) / align * align
	t.Rep = t.widest()
	cell := 0
	for i := range t.Fields {
		f := &t.Fields[i]
		if t.Union {
			f.Off = 0
			continue
		}
		f.Off = cell
		cell += f.T.Cells()
	}
}

// layoutAttribute is the first attribute among n's children that changes
// a layout (packed, aligned), as written; "" when there is none.
func (c *conv) layoutAttribute(n *sitter.Node) string {
	for i := 0; i < int(n.NamedChildCount()); i++ {
		ch := n.NamedChild(i)
		if ch.Type() != "attribute_specifier" {
			continue
		}
		if text := c.text(ch); strings.Contains(text, "packed") || strings.Contains(text, "aligned") {
			return text
		}
	}
	return ""
}

// attributed is the first struct or union in t whose layout an attribute
// changes (nil: none), and holdsStruct whether t holds a struct or union.
func attributed(t *Type) (a *Type, holdsStruct bool) {
	switch t.Kind {
	case KArray:
		return attributed(t.Elem)
	case KStruct:
		if t.Attributed != "" {
			return t, true
		}
		for _, f := range t.Fields {
			if a, _ := attributed(f.T); a != nil {
				return a, true
			}
		}
		return nil, true
	}
	return nil, false
}

// fieldPath is the positions of the members that lead from struct t to
// its member name: one, or more through anonymous structs and unions,
// whose members C counts as t's; nil when t has none of that name.
func fieldPath(t *Type, name string) []int {
	for i, f := range t.Fields {
		if f.Name == name {
			return []int{i}
		}
	}
	for i, f := range t.Fields {
		if f.Name == "" && f.T.Kind == KStruct {
			if p := fieldPath(f.T, name); p != nil {
				return append([]int{i}, p...)
			}
		}
	}
	return nil
}
