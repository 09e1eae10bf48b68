package bmc

import (
	"context"
	"fmt"
	"strings"

	"github.com/suretydev/surety/frontend"
	"github.com/suretydev/surety/frontend/c"
)

// assertForms are the spellings of an assertion statement. Other spec
// forms the C frontend knows (__CPROVER_assert, __ESBMC_assert) take a
// message too and are left alone.
var assertForms = map[string]bool{"assert": true, "__VERIFIER_assert": true}

// scan reads src through the C frontend: function definitions with their
// direct calls, and the assertion statements of their bodies.
func scan(file string, src []byte) (*scanned, error) {
	f, err := c.Parse(context.Background(), &frontend.Source{Path: file, Content: src},
		frontend.NeedCalls|frontend.NeedBodies|frontend.NeedSpecs)
	if err != nil {
		return nil, fmt.Errorf("bmc: parsing %s: %w", file, err)
	}
	if len(f.Errors) > 0 {
		e := f.Errors[0]
		return nil, &ParseError{file, e.Span.StartLine, fmt.Sprintf("%s near %q", e.Msg, firstLine(e.Span.Text(src)))}
	}
	out := &scanned{file: f}
	for _, fn := range f.Functions {
		if !fn.Definition {
			continue
		}
		rf := rawFunc{name: fn.Name, id: fn.ID(), start: fn.Span.StartByte, end: fn.Span.EndByte}
		for _, call := range fn.Calls {
			if call.Kind == frontend.CallDirect {
				rf.calls = append(rf.calls, rawCall{name: call.Name, start: call.Span.StartByte})
			}
		}
		out.funcs = append(out.funcs, rf)
		fn.Body.Walk(func(s *frontend.Stmt) bool {
			if s.Kind == frontend.StmtSimple && s.Spec != nil && s.Spec.Kind == frontend.SpecAssert && assertForms[s.Spec.Form] {
				out.asserts = append(out.asserts, rawAssert{start: s.Span.StartByte, end: s.Span.EndByte, form: s.Spec.Form, pred: s.Spec.Expr})
			}
			return true
		})
	}
	return out, nil
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
