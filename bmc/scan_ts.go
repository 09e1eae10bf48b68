package bmc

import (
	"context"
	"fmt"
	"strings"

	sitter "github.com/smacker/go-tree-sitter"
	"github.com/smacker/go-tree-sitter/c"

	"github.com/suretydev/surety/internal/tsutil"
)

// assertForms are the call names that make an expression statement an
// assertion.
var assertForms = map[string]bool{"assert": true, "__VERIFIER_assert": true}

// scan parses src with tree-sitter C and collects function definitions,
// their calls, and assertion statements.
func scan(file string, src []byte) (*scanned, error) {
	out := &scanned{}
	err := tsutil.Parse(context.Background(), c.GetLanguage(), src, func(root *sitter.Node) error {
		if errs := tsutil.Errors(file, root); len(errs) > 0 {
			e := errs[0]
			return &ParseError{file, e.Span.StartLine, fmt.Sprintf("%s near %q", e.Msg, firstLine(e.Span.Text(src)))}
		}
		var cur *rawFunc
		var walk func(n *sitter.Node)
		walk = func(n *sitter.Node) {
			switch n.Type() {
			case "function_definition":
				name := funcName(n.ChildByFieldName("declarator"), src)
				out.funcs = append(out.funcs, rawFunc{name: name, start: int(n.StartByte()), end: int(n.EndByte())})
				cur = &out.funcs[len(out.funcs)-1]
				defer func() { cur = nil }()
			case "expression_statement":
				if a, ok := assertion(n, src); ok {
					out.asserts = append(out.asserts, a)
				}
			case "call_expression":
				if fn := n.ChildByFieldName("function"); fn != nil && fn.Type() == "identifier" && cur != nil {
					cur.calls = append(cur.calls, rawCall{name: tsutil.Text(fn, src), start: int(n.StartByte())})
				}
			}
			for i := 0; i < int(n.NamedChildCount()); i++ {
				walk(n.NamedChild(i))
			}
		}
		walk(root)
		return nil
	})
	if err != nil {
		if _, ok := err.(*ParseError); ok {
			return nil, err
		}
		return nil, fmt.Errorf("bmc: parsing %s: %w", file, err)
	}
	return out, nil
}

// assertion reports whether the expression statement n is `assert(p);` or
// `__VERIFIER_assert(p);`.
func assertion(n *sitter.Node, src []byte) (rawAssert, bool) {
	if n.NamedChildCount() != 1 {
		return rawAssert{}, false
	}
	call := n.NamedChild(0)
	if call.Type() != "call_expression" {
		return rawAssert{}, false
	}
	fn := call.ChildByFieldName("function")
	if fn == nil || fn.Type() != "identifier" || !assertForms[tsutil.Text(fn, src)] {
		return rawAssert{}, false
	}
	args := call.ChildByFieldName("arguments")
	if args == nil || args.NamedChildCount() != 1 {
		return rawAssert{}, false
	}
	text := tsutil.Text(args, src)
	text = strings.TrimSuffix(strings.TrimPrefix(text, "("), ")")
	return rawAssert{start: int(n.StartByte()), end: int(n.EndByte()), form: tsutil.Text(fn, src), pred: text}, true
}

// funcName digs the identifier out of a (possibly pointer) declarator.
func funcName(d *sitter.Node, src []byte) string {
	for d != nil {
		switch d.Type() {
		case "identifier", "field_identifier":
			return tsutil.Text(d, src)
		}
		next := d.ChildByFieldName("declarator")
		if next == nil {
			break
		}
		d = next
	}
	return ""
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	if len(s) > 40 {
		s = s[:40]
	}
	return s
}
