package complete

import (
	"fmt"
	"regexp"
	"strings"
)

var diagLineRE = regexp.MustCompile(`^(.+?)\((\d+),(\d+)\):\s*(.*)$`)

// printers generates one Dafny printing method per type, writing values in
// the form parseValue reads back.
type printers struct {
	byType map[string]string
	order  []*dtype
}

func newPrinters() *printers { return &printers{byType: map[string]string{}} }

func (p *printers) name(t *dtype) string {
	key := t.src
	if n, ok := p.byType[key]; ok {
		return n
	}
	n := fmt.Sprintf("SuretyPrint%d", len(p.order))
	p.byType[key] = n
	p.order = append(p.order, t)
	switch t.kind {
	case tString, tSeq:
		p.name(t.elem)
	case tTuple:
		for _, e := range t.elems {
			p.name(e)
		}
	case tData:
		for _, fs := range t.ctors {
			for _, f := range fs {
				p.name(f)
			}
		}
	}
	return n
}

func (p *printers) text(_ Dialect) string {
	var b strings.Builder
	for i := 0; i < len(p.order); i++ { // p.order may grow while we write
		t := p.order[i]
		n := p.byType[t.src]
		fmt.Fprintf(&b, "method %s(x: %s)\n  decreases *\n{\n", n, t.src)
		switch t.kind {
		case tInt, tNat:
			b.WriteString("  print x, \" \";\n")
		case tBool:
			b.WriteString("  print if x then \"T \" else \"F \";\n")
		case tChar:
			b.WriteString("  print x as int, \" \";\n")
		case tString, tSeq:
			fmt.Fprintf(&b, "  print \"[ \";\n  var i := 0;\n  while i < |x|\n    decreases *\n  {\n    %s(x[i]);\n    i := i + 1;\n  }\n  print \"] \";\n", p.name(t.elem))
		case tTuple:
			b.WriteString("  print \"( \";\n")
			for i, e := range t.elems {
				fmt.Fprintf(&b, "  %s(x.%d);\n", p.name(e), i)
			}
			b.WriteString("  print \") \";\n")
		case tData:
			b.WriteString("  match x {\n")
			for ci, c := range t.data.Ctors {
				var fs []string
				for fi := range c.Fields {
					fs = append(fs, fmt.Sprintf("suretyF%d", fi))
				}
				pat := c.Name
				if len(fs) > 0 {
					pat += "(" + strings.Join(fs, ", ") + ")"
				}
				fmt.Fprintf(&b, "    case %s =>\n      print \"%s ( \";\n", pat, c.Name)
				for fi, ft := range t.ctors[ci] {
					fmt.Fprintf(&b, "      %s(%s);\n", p.name(ft), fs[fi])
				}
				b.WriteString("      print \") \";\n")
			}
			b.WriteString("  }\n")
		}
		b.WriteString("}\n\n")
	}
	return b.String()
}
