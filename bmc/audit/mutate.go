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

// A mutant is a Mutant with its program text.
type mutant struct {
	Mutant
	src []byte
}

// swaps are the operator replacements: each operator to the one a slip
// most often writes instead.
var swaps = map[string][]string{
	"<": {"<="}, "<=": {"<"}, ">": {">="}, ">=": {">"},
	"==": {"!="}, "!=": {"=="},
	"+": {"-"}, "-": {"+"}, "*": {"+"}, "/": {"*"}, "%": {"/"},
	"&&": {"||"}, "||": {"&&"},
}

// mutants lists the mutants of the statements of a's function that come
// before a, in source order; when there are too few there, the rest of the
// program is used too. Assertions themselves are never mutated.
func mutants(p *bmc.Program, a bmc.Assertion) []mutant {
	fn := p.Func(a.Func)
	inFunc := func(start, end int) bool {
		return fn != nil && start >= fn.Start && end <= a.Start
	}
	var near, far []mutant
	_ = tsutil.Parse(context.Background(), tsc.GetLanguage(), p.Source, func(root *sitter.Node) error {
		walk(root, func(n *sitter.Node) bool {
			start, end := int(n.StartByte()), int(n.EndByte())
			for _, as := range p.Asserts {
				if start < as.End && end > as.Start {
					return start < as.Start // descend only if the assertion lies deeper
				}
			}
			for _, m := range mutate(p.Source, n) {
				if inFunc(start, end) {
					near = append(near, m)
				} else {
					far = append(far, m)
				}
			}
			return true
		})
		return nil
	})
	if len(near) >= 5 {
		return near
	}
	return append(near, far...)
}

// walk visits n and its descendants depth first while fn returns true.
func walk(n *sitter.Node, fn func(*sitter.Node) bool) {
	if !fn(n) {
		return
	}
	for i := 0; i < int(n.NamedChildCount()); i++ {
		walk(n.NamedChild(i), fn)
	}
}

// mutate returns the mutants rooted at node n.
func mutate(src []byte, n *sitter.Node) []mutant {
	var out []mutant
	line := int(n.StartPoint().Row) + 1
	replace := func(start, end uint32, text, kind string) {
		before := string(src[start:end])
		var b bytes.Buffer
		b.Write(src[:start])
		b.WriteString(text)
		b.Write(src[end:])
		out = append(out, mutant{Mutant: Mutant{Line: line, Kind: kind, Before: before, After: text}, src: b.Bytes()})
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
			replace(c.StartByte(), c.EndByte(), "(!("+inner+"))", "negate")
		}
	case "expression_statement":
		text := string(src[n.StartByte():n.EndByte()])
		// Delete assignments and updates, not calls: a deleted call may
		// leave the program without input it needs, which says little.
		if (strings.Contains(text, "=") || strings.Contains(text, "++") || strings.Contains(text, "--")) && !strings.Contains(text, "(") {
			replace(n.StartByte(), n.EndByte(), ";", "delete")
		}
	}
	return out
}
