package audit

import (
	"bytes"
	"context"
	"strconv"
	"strings"

	sitter "github.com/smacker/go-tree-sitter"
	tsc "github.com/smacker/go-tree-sitter/c"

	"github.com/suretydev/surety/bmc"
	"github.com/suretydev/surety/internal/tsutil"
)

// A mutant is a Mutant with its program text and how it is written into
// a schema.
type mutant struct {
	Mutant
	src []byte // the mutant as a program of its own
	// node is the byte range of the syntax node the change lies in, and
	// alt the node's text in the mutant, on one line. alt is "" when the
	// change cannot be a run-time choice (a constant expression: an array
	// size, a case label, a static initialiser), and the mutant is then
	// checked as a program of its own.
	node [2]int
	alt  string
	stmt bool // node is a statement, deleted by the mutant
}

// swaps are the operator replacements: each operator to the one a slip
// most often writes instead.
var swaps = map[string][]string{
	"<": {"<="}, "<=": {"<"}, ">": {">="}, ">=": {">"},
	"==": {"!="}, "!=": {"=="},
	"+": {"-"}, "-": {"+"}, "*": {"+"}, "/": {"*"}, "%": {"/"},
	"&&": {"||"}, "||": {"&&"},
}

// mutants lists the mutants of the program, those in the backward slice
// of a's predicate (sliceOf) marked Mutant.Slice, in source order.
// Assertions themselves are never mutated.
func mutants(p *bmc.Program, a bmc.Assertion) []mutant {
	var out []mutant
	_ = tsutil.Parse(context.Background(), tsc.GetLanguage(), p.Source, func(root *sitter.Node) error {
		slice := sliceOf(p.Source, root, a.Start, a.End)
		inSlice := func(start, end int) bool {
			for _, r := range slice {
				if start >= r[0] && end <= r[1] {
					return true
				}
			}
			return false
		}
		walk(p.Source, root, false, func(n *sitter.Node, runtime bool) bool {
			start, end := int(n.StartByte()), int(n.EndByte())
			for _, as := range p.Asserts {
				if start < as.End && end > as.Start {
					return start < as.Start // descend only if the assertion lies deeper
				}
			}
			for _, m := range mutate(p.Source, n, runtime) {
				m.Slice = inSlice(m.node[0], m.node[1])
				out = append(out, m)
			}
			return true
		})
		return nil
	})
	return out
}

// pick keeps at most n of ms: those in the slice first, evenly spaced
// over it, then, while the budget lasts, the others, evenly spaced over
// the rest of the program.
func pick(ms []mutant, n int) []mutant {
	var near, far []mutant
	for _, m := range ms {
		if m.Slice {
			near = append(near, m)
		} else {
			far = append(far, m)
		}
	}
	near = spread(near, n)
	return append(near, spread(far, n-len(near))...)
}

// walk visits n and its descendants depth first while fn returns true.
// runtime tells fn whether the node is evaluated when the program runs, as
// opposed to being a constant expression the compiler needs (an array
// size, a case label, an enumerator, a bit-field width, a static or
// global initialiser, an operand of sizeof, a type).
func walk(src []byte, n *sitter.Node, runtime bool, fn func(*sitter.Node, bool) bool) {
	if !fn(n, runtime) {
		return
	}
	var label *sitter.Node // a case label's value
	if n.Type() == "case_statement" {
		label = n.ChildByFieldName("value")
	}
	for i := 0; i < int(n.NamedChildCount()); i++ {
		c := n.NamedChild(i)
		r := runtime
		switch {
		case n.Type() == "function_definition" && c.Type() == "compound_statement":
			r = true
		case label != nil && c.StartByte() == label.StartByte() && c.EndByte() == label.EndByte():
			r = false
		case n.Type() == "declaration" && isStatic(src, n):
			r = false
		}
		switch c.Type() {
		case "array_declarator", "enumerator", "bitfield_clause", "sizeof_expression", "type_descriptor", "alignof_expression":
			r = false
		}
		walk(src, c, r, fn)
	}
}

func isStatic(src []byte, decl *sitter.Node) bool {
	for i := 0; i < int(decl.NamedChildCount()); i++ {
		if c := decl.NamedChild(i); c.Type() == "storage_class_specifier" && c.Content(src) == "static" {
			return true
		}
	}
	return false
}

// mutate returns the mutants rooted at node n; runtime says whether n can
// be replaced by a run-time choice in a schema.
func mutate(src []byte, n *sitter.Node, runtime bool) []mutant {
	var out []mutant
	line := int(n.StartPoint().Row) + 1
	node := [2]int{int(n.StartByte()), int(n.EndByte())}
	replace := func(start, end uint32, text, kind string) {
		before := string(src[start:end])
		var b bytes.Buffer
		b.Write(src[:start])
		b.WriteString(text)
		b.Write(src[end:])
		m := mutant{Mutant: Mutant{Line: line, Kind: kind, Before: before, After: text}, src: b.Bytes(), node: node}
		if runtime {
			m.alt = oneLine(string(src[node[0]:start]) + text + string(src[end:node[1]]))
		}
		out = append(out, m)
	}
	switch n.Type() {
	case "binary_expression":
		if op := n.ChildByFieldName("operator"); op != nil {
			for _, to := range swaps[op.Type()] {
				replace(op.StartByte(), op.EndByte(), to, "operator")
			}
		}
	case "number_literal":
		text := string(src[n.StartByte():n.EndByte()])
		if v, err := strconv.ParseInt(strings.TrimRight(text, "uUlL"), 0, 64); err == nil {
			replace(n.StartByte(), n.EndByte(), strconv.FormatInt(v+1, 10), "constant")
			if v != 0 {
				replace(n.StartByte(), n.EndByte(), strconv.FormatInt(v-1, 10), "constant")
			}
		}
	case "if_statement", "while_statement":
		if c := n.ChildByFieldName("condition"); c != nil {
			inner := strings.TrimSpace(string(src[c.StartByte():c.EndByte()]))
			inner = strings.TrimSuffix(strings.TrimPrefix(inner, "("), ")")
			node = [2]int{int(c.StartByte()), int(c.EndByte())}
			replace(c.StartByte(), c.EndByte(), "(!("+inner+"))", "negate")
		}
	case "expression_statement":
		text := string(src[n.StartByte():n.EndByte()])
		// Delete assignments and updates, not calls: a deleted call may
		// leave the program without input it needs, which says little.
		if (strings.Contains(text, "=") || strings.Contains(text, "++") || strings.Contains(text, "--")) && !strings.Contains(text, "(") {
			replace(n.StartByte(), n.EndByte(), ";", "delete")
			out[len(out)-1].stmt = true
		}
	}
	return out
}

// oneLine returns text with its line breaks as spaces, so that a schema
// keeps every line where it was; "" when that would change its meaning (a
// comment or a preprocessor line inside).
func oneLine(text string) string {
	if strings.Contains(text, "//") || strings.Contains(text, "#") {
		return ""
	}
	return strings.NewReplacer("\r\n", " ", "\n", " ", "\r", " ").Replace(text)
}
